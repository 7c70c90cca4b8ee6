import type { PromotionRates } from '@mekong/contracts/admin/promotions-wheel';
import type { AppDeps } from '@/app-deps.ts';
import type { Actor } from '@/modules/audit/audit.service.ts';
import { createInviteReviewService } from '@/modules/invite/invite-review.service.ts';
import { guardsOf, type PromotionGuards } from '@/modules/promotion-play/deposit-play.ts';
import { saveSettingAudited } from '@/modules/settings/setting-change.ts';
import { findSetting } from '@/modules/settings/settings.repository.ts';
import {
  settingDefaults,
  type SettingKey,
  type SettingValue,
} from '@/modules/settings/settings.schema.ts';

/**
 * The refund of losses and invite commission rates in the back office (docs/back-office/promotions.md#rates), and the
 * play guards with the review of held invites (#play). Every module reads its setting afresh on every check,
 * receipt and accrual, so a saved value is the next one used.
 */

type RateKey = Extract<SettingKey, 'refund' | 'invite'>;

export function createPromotionRatesService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  async function rate<K extends RateKey>(key: K): Promise<SettingValue<K>> {
    const value = await findSetting(db.kysely, key);
    const fallback = settingDefaults[key] as SettingValue<K> | undefined;
    if (value) return value;
    if (!fallback) throw new Error(`setting ${key} has no default`);
    return fallback;
  }

  async function rates(): Promise<PromotionRates> {
    return { refund: await rate('refund'), invite: await rate('invite') };
  }

  async function save<K extends RateKey>(key: K, value: SettingValue<K>, actor: Actor) {
    await db.withTransaction((trx) => saveSettingAudited(trx, key, value, actor, clock.now()));
    return rates();
  }

  return {
    rates,
    saveRefund: (value: SettingValue<'refund'>, actor: Actor) => save('refund', value, actor),
    saveInvite: (value: SettingValue<'invite'>, actor: Actor) => save('invite', value, actor),
    guards: () => guardsOf(db.kysely),
    async saveGuards(value: PromotionGuards, actor: Actor) {
      await db.withTransaction((trx) =>
        saveSettingAudited(trx, 'promotionGuards', value, actor, clock.now()),
      );
      return guardsOf(db.kysely);
    },
    reviews: createInviteReviewService({ db, clock }),
  };
}

export type PromotionRatesService = ReturnType<typeof createPromotionRatesService>;
