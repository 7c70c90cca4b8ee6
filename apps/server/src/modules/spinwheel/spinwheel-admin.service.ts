import { randomUUID } from 'node:crypto';
import type {
  AdminWheelAnswer,
  wheelSaveBodySchema,
} from '@mekong/contracts/admin/promotions-wheel';
import type { z } from 'zod';
import type { AppDeps } from '@/app-deps.ts';
import type { Trx } from '@/db/database.ts';
import { AppError } from '@/lib/app-error.ts';
import { recordAudit, type Actor } from '@/modules/audit/audit.service.ts';
import { saveSettingAudited } from '@/modules/settings/setting-change.ts';
import { findSetting } from '@/modules/settings/settings.repository.ts';
import {
  findEditedWheel,
  insertWheel,
  isWheelNameTaken,
  replaceSlices,
  setWheelActive,
  updateWheel,
} from '@/modules/spinwheel/spinwheel-admin.repository.ts';
import type { SpinSlice, SpinWheel } from '@/modules/spinwheel/spinwheel.repository.ts';

/** The prize wheel in the back office (docs/back-office/promotions.md#wheel): slices, odds, on/off, the coin rule. */

type WheelSave = z.output<typeof wheelSaveBodySchema>;
type Reader = Parameters<typeof findEditedWheel>[0];

const DEFAULT_COIN_PRICE_MINOR = 100_00;

/** A slice's label and text in every language; a label written once serves every language. */
export function sliceTexts(slice: SpinSlice) {
  const same = (text: string) => ({ th: text, la: text, en: text });
  return {
    label: slice.labels ?? same(slice.label),
    description: {
      th: slice.htmlDescriptionTh,
      la: slice.htmlDescriptionLa,
      en: slice.htmlDescriptionEn,
    },
  };
}

function wheelView(wheel: SpinWheel | undefined): AdminWheelAnswer['wheel'] {
  if (!wheel) return null;
  const weightSum = wheel.slices.reduce((sum, s) => sum + s.weight, 0);
  return {
    id: wheel.id,
    name: wheel.name,
    title: { th: wheel.nameTh, la: wheel.nameLa, en: wheel.nameEn },
    isActive: wheel.isActive,
    couponDays: wheel.couponDays,
    weightSum,
    slices: wheel.slices.map((s) => {
      const probability = weightSum > 0 ? s.weight / weightSum : 0;
      return {
        code: s.code,
        ...sliceTexts(s),
        bgColor: s.bgColor,
        textColor: s.textColor,
        prizeKind: s.prizeKind,
        amountMinor: Number(s.amountMinor),
        bonusCode: s.bonusCode,
        weight: s.weight,
        probability,
        percent: Math.round(probability * 10_000) / 100,
      };
    }),
  };
}

export function createSpinwheelAdminService(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  bonuses: { exists(code: string): Promise<boolean> },
) {
  async function answer(reader: Reader = db.kysely): Promise<AdminWheelAnswer> {
    const [wheel, coins] = await Promise.all([
      findEditedWheel(reader),
      findSetting(reader, 'spinCoins'),
    ]);
    return {
      wheel: wheelView(wheel),
      coinPriceMinor: coins?.coinPriceMinor ?? DEFAULT_COIN_PRICE_MINOR,
    };
  }

  /** Runs a change of the edited wheel with its row locked, and audits it with the wheel before and after. */
  async function change(
    action: string,
    actor: Actor,
    apply: (trx: Trx, wheel: SpinWheel | undefined, now: Date) => Promise<void>,
  ): Promise<AdminWheelAnswer> {
    await db.withTransaction(async (trx) => {
      const now = clock.now();
      const wheel = await findEditedWheel(trx, { isLocked: true });
      const before = wheelView(wheel);
      await apply(trx, wheel, now);
      const after = wheelView(await findEditedWheel(trx));
      await recordAudit(
        trx,
        actor,
        { action, targetType: 'wheel', targetId: after?.id ?? before?.id ?? null, before, after },
        now,
      );
    });
    return answer();
  }

  return {
    get: () => answer(),

    /** The wheel's name, coupon days and slices; creates the wheel (off) when there is none. */
    async save(input: WheelSave, actor: Actor): Promise<AdminWheelAnswer> {
      for (const slice of input.slices)
        if (slice.bonusCode !== null && !(await bonuses.exists(slice.bonusCode)))
          throw new AppError('WHEEL_PRIZE_INVALID');
      return change('wheel.updated', actor, async (trx, wheel, now) => {
        if (await isWheelNameTaken(trx, input.name, wheel?.id ?? null))
          throw new AppError('WHEEL_NAME_TAKEN');
        const id = wheel?.id ?? randomUUID();
        const fields = { name: input.name, title: input.title, couponDays: input.couponDays };
        if (wheel) await updateWheel(trx, id, fields);
        else await insertWheel(trx, { id, ...fields, now });
        await replaceSlices(
          trx,
          id,
          input.slices.map((s) => ({ ...s, amountMinor: BigInt(s.amountMinor) })),
        );
      });
    },

    /** Puts the wheel on for members (GET /api/spinwheel/setup shows it) or takes it off. */
    setActive(isActive: boolean, actor: Actor): Promise<AdminWheelAnswer> {
      return change(
        isActive ? 'wheel.activated' : 'wheel.deactivated',
        actor,
        async (trx, wheel) => {
          if (!wheel) throw new AppError('ITEM_NOT_FOUND');
          if (isActive && wheel.slices.length < 2) throw new AppError('WHEEL_SLICES_INVALID');
          await setWheelActive(trx, wheel.id, isActive);
        },
      );
    },

    /** One coin per this many minor units of a deposit (the next credited deposit uses it). */
    async setCoinPrice(coinPriceMinor: number, actor: Actor): Promise<AdminWheelAnswer> {
      await db.withTransaction((trx) =>
        saveSettingAudited(trx, 'spinCoins', { coinPriceMinor }, actor, clock.now()),
      );
      return answer();
    },
  };
}

export type SpinwheelAdminService = ReturnType<typeof createSpinwheelAdminService>;
