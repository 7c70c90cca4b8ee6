import { ledgerCurrency } from '@mekong/contracts/constants';
import { randomUUID } from 'node:crypto';
import type {
  BonusPreview,
  bonusCreateBodySchema,
  bonusPreviewBodySchema,
  bonusUpdateBodySchema,
} from '@mekong/contracts/admin/promotions';
import type { z } from 'zod';
import type { AppDeps } from '@/app-deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { findMemberIdByKey, findMemberWithBank } from '@/modules/account/member.repository.ts';
import { recordAudit, type Actor } from '@/modules/audit/audit.service.ts';
import { startBonus } from '@/modules/bonus/bonus-activation.ts';
import {
  adminBonusAnswer,
  bonusAuditView,
  type BonusUse,
} from '@/modules/bonus/bonus-admin-answers.ts';
import {
  findAdminBonus,
  hundredths,
  insertDraftBonus,
  listAdminBonuses,
  setBonusStatus,
  updateBonusTerms,
  type AdminBonusFilter,
  type AdminBonusRow,
  type BonusStatus,
  type NewBonus,
} from '@/modules/bonus/bonus-catalogue.repository.ts';
import { failBelow, releaseTarget } from '@/modules/bonus/bonus-rules.ts';
import { countBonusUse, type MemberBonusRow } from '@/modules/bonus/bonus.repository.ts';
import { createTransfer, ensureMemberAccounts } from '@/modules/ledger/ledger.service.ts';

/** The bonus catalogue in the back office (docs/back-office/promotions.md): lifecycle, edits and the preview. */

type BonusTerms = z.output<typeof bonusUpdateBodySchema>;
type BonusCreate = z.output<typeof bonusCreateBodySchema>;
type PreviewInput = z.output<typeof bonusPreviewBodySchema>;

function toNewBonus(code: string, terms: BonusTerms): NewBonus {
  const weights: Record<string, number> = {};
  for (const [category, weight] of Object.entries(terms.categoryWeights))
    if (weight !== undefined) weights[category] = weight;
  return {
    code,
    name: terms.name,
    description: terms.description,
    type: terms.type,
    maxReceived: terms.maxReceived,
    percentFail: terms.percentFail,
    banners: terms.banners,
    amountKind: terms.amountKind,
    percent: terms.amountKind === 'percent' ? terms.percent : null,
    maxBonusMinor: BigInt(terms.maxBonusMinor),
    minDepositMinor: BigInt(terms.minDepositMinor),
    withdrawCapMinor: terms.withdrawCapMinor === null ? null : BigInt(terms.withdrawCapMinor),
    conditionKind: terms.conditionKind,
    multiplier: terms.multiplier,
    categoryWeights: weights,
    validDays: terms.validDays,
    isPromotion: terms.isPromotion,
    quota: terms.quota,
    sortOrder: terms.sortOrder,
  };
}

const x100 = (value: number) => hundredths(value.toFixed(2));

/** Category weights with the categories that count 0 left out, so {} and {lotto: 0} read the same. */
function countedWeights(weights: Record<string, number | undefined>): string {
  return JSON.stringify(
    Object.entries(weights)
      .filter(([, weight]) => weight !== undefined && weight > 0)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/**
 * The terms a running member bonus is measured by (docs/decisions/0013-promotions.md#bonus: the release condition,
 * the lost check, the withdrawal cap) are read from the catalogue while it runs, so they are fixed once published.
 */
function changesReleaseTerms(before: AdminBonusRow, next: NewBonus): boolean {
  return (
    before.isPromotion !== next.isPromotion ||
    before.conditionKind !== next.conditionKind ||
    before.multiplierX100 !== x100(next.multiplier) ||
    before.percentFailX100 !== x100(next.percentFail) ||
    before.withdrawCapMinor !== next.withdrawCapMinor ||
    countedWeights(before.categoryWeights) !== countedWeights(next.categoryWeights)
  );
}

/** Thrown to roll the preview's transaction back with what activation would have done. */
class PreviewDone extends Error {
  constructor(readonly started: MemberBonusRow) {
    super('preview rolled back');
  }
}

const TRANSITIONS: Record<'publish' | 'retire', { from: BonusStatus[]; to: BonusStatus }> = {
  publish: { from: ['draft', 'retired'], to: 'published' },
  retire: { from: ['published'], to: 'retired' },
};

export function createBonusAdminService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  async function useOf(codes: string[]) {
    return countBonusUse(db.kysely, codes);
  }

  async function answerOf(code: string) {
    const row = await findAdminBonus(db.kysely, code);
    if (!row) throw new AppError('ITEM_NOT_FOUND');
    return adminBonusAnswer(row, (await useOf([code])).get(code));
  }

  async function transition(code: string, verb: 'publish' | 'retire', actor: Actor) {
    const { from, to } = TRANSITIONS[verb];
    await db.withTransaction(async (trx) => {
      const now = clock.now();
      const before = await findAdminBonus(trx, code, { isLocked: true });
      if (!before) throw new AppError('ITEM_NOT_FOUND');
      if (!(await setBonusStatus(trx, code, { from, to, now })))
        throw new AppError('BONUS_STATUS_INVALID');
      await recordAudit(
        trx,
        actor,
        {
          action: verb === 'publish' ? 'bonus.published' : 'bonus.retired',
          targetType: 'bonus',
          targetId: code,
          before: { status: before.status },
          after: { status: to },
        },
        now,
      );
    });
    return answerOf(code);
  }

  return {
    async list(filter: AdminBonusFilter) {
      const rows = await listAdminBonuses(db.kysely, filter);
      const use = await useOf(rows.map((r) => r.code));
      return rows.map((row) => adminBonusAnswer(row, use.get(row.code)));
    },

    get: answerOf,

    /** A new bonus is a draft: members see it only once published. */
    async create(input: BonusCreate, actor: Actor) {
      const bonus = toNewBonus(input.code, input);
      await db.withTransaction(async (trx) => {
        const now = clock.now();
        if (!(await insertDraftBonus(trx, bonus, now))) throw new AppError('PROMO_CODE_TAKEN');
        const after = await findAdminBonus(trx, bonus.code);
        await recordAudit(
          trx,
          actor,
          {
            action: 'bonus.created',
            targetType: 'bonus',
            targetId: bonus.code,
            after: after && bonusAuditView(after),
          },
          now,
        );
      });
      return answerOf(bonus.code);
    },

    async update(code: string, terms: BonusTerms, actor: Actor) {
      const next = toNewBonus(code, terms);
      await db.withTransaction(async (trx) => {
        const now = clock.now();
        const before = await findAdminBonus(trx, code, { isLocked: true });
        if (!before) throw new AppError('ITEM_NOT_FOUND');
        if (before.status !== 'draft' && changesReleaseTerms(before, next))
          throw new AppError('BONUS_TERMS_LOCKED');
        await updateBonusTerms(trx, code, next, now);
        const after = await findAdminBonus(trx, code);
        await recordAudit(
          trx,
          actor,
          {
            action: 'bonus.updated',
            targetType: 'bonus',
            targetId: code,
            before: bonusAuditView(before),
            after: after && bonusAuditView(after),
          },
          now,
        );
      });
      return answerOf(code);
    },

    publish: (code: string, actor: Actor) => transition(code, 'publish', actor),
    retire: (code: string, actor: Actor) => transition(code, 'retire', actor),

    /**
     * What activating the bonus would give the member now: the activation itself (every check, the receipt slot, the
     * quota, the credit) runs in a transaction that is always rolled back, so the answer cannot drift from the real
     * rules and nothing stays. A deposit amount is imagined as a deposit posted now, in the same rolled-back
     * transaction. A draft is previewed as if published; a retired bonus answers what members get: NO_PROMOTION.
     */
    async preview(code: string, input: PreviewInput): Promise<BonusPreview> {
      const bonus = await findAdminBonus(db.kysely, code);
      if (!bonus) throw new AppError('ITEM_NOT_FOUND');
      const memberId = await findMemberIdByKey(db.kysely, input.member);
      const member = memberId && (await findMemberWithBank(db.kysely, memberId));
      if (!member) throw new AppError('NO_USER');
      const base = {
        member: {
          id: member.id,
          publicId: member.publicId,
          name: member.name,
          phone: member.phone,
          currency: member.currency,
        },
        bonusStatus: bonus.status,
        withdrawCapMinor: bonus.withdrawCapMinor === null ? null : Number(bonus.withdrawCapMinor),
      };
      const refused = (refusal: string): BonusPreview => ({
        ...base,
        isReceivable: false,
        refusal,
        depositMinor: input.depositMinor ?? 0,
        bonusMinor: 0,
        startMinor: 0,
        releaseTargetMinor: 0,
        failBelowMinor: 0,
        expiresAt: null,
      });
      if (bonus.status === 'retired') return refused('NO_PROMOTION');
      try {
        await db.withTransaction(async (trx) => {
          const now = clock.now();
          if (input.depositMinor !== undefined) {
            const currency = ledgerCurrency(member.currency);
            await ensureMemberAccounts(trx, member.id, currency, now);
            await createTransfer(trx, {
              memberId: member.id,
              debit: { house: 'bank_in' },
              credit: { memberId: member.id, kind: 'cash' },
              amountMinor: BigInt(input.depositMinor),
              currency,
              kind: 'deposit',
              status: 'posted',
              externalRef: `bonus-preview:${randomUUID()}`,
              now,
            });
          }
          throw new PreviewDone(await startBonus(trx, member.id, bonus, { now }));
        });
      } catch (error) {
        if (error instanceof AppError) return refused(error.code);
        if (!(error instanceof PreviewDone)) throw error;
        const { started } = error;
        return {
          ...base,
          isReceivable: true,
          refusal: null,
          depositMinor: Number(started.depositMinor),
          bonusMinor: Number(started.bonusMinor),
          startMinor: Number(started.startMinor),
          releaseTargetMinor: Number(releaseTarget(bonus.multiplierX100, started.startMinor)),
          failBelowMinor: Number(failBelow(bonus.percentFailX100, started.startMinor)),
          expiresAt: started.expiresAt.toISOString(),
        };
      }
      throw new Error('the preview transaction was not rolled back');
    },

    /** For the wheel editor: whether a bonus of this code exists (a bonus slice names one). */
    exists: async (code: string) => (await findAdminBonus(db.kysely, code)) !== undefined,
  };
}

export type BonusAdminService = ReturnType<typeof createBonusAdminService>;

export type { BonusUse };
