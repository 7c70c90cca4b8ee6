import { randomUUID } from 'node:crypto';
import type { Queryable, Trx } from '@/db/database.ts';
import { hasAnyRow } from '@/db/any-row.ts';
import { toDomainRow } from '@/db/domain-row.ts';
import { lockedIf } from '@/db/lockable.ts';
import type { SpinPrizeKind } from '@/db/schema.ts';
import { listWheelSlices, type SpinWheel } from '@/modules/spinwheel/spinwheel.repository.ts';

/** The back office's side of the prize wheel's tables (docs/back-office/promotions.md#wheel). */

type Localized = { th: string; la: string; en: string };

/** The wheel an operator edits: the active one, else the newest; `isLocked` holds its row for the transaction. */
export async function findEditedWheel(
  db: Queryable,
  options: { isLocked?: boolean } = {},
): Promise<SpinWheel | undefined> {
  const query = db
    .selectFrom('spin_wheels')
    .selectAll()
    .orderBy('is_active', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(1);
  const wheel = await lockedIf(query, options, 'update').executeTakeFirst();
  if (!wheel) return undefined;
  return { ...toDomainRow(wheel), slices: await listWheelSlices(db, wheel.id) };
}

export async function isWheelNameTaken(db: Queryable, name: string, exceptId: string | null) {
  let query = db.selectFrom('spin_wheels').where('name', '=', name);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return hasAnyRow(query);
}

type WheelTerms = { name: string; title: Localized; couponDays: number };

const wheelColumns = (w: WheelTerms) => ({
  name: w.name,
  name_th: w.title.th,
  name_la: w.title.la,
  name_en: w.title.en,
  coupon_days: w.couponDays,
});

export async function insertWheel(
  trx: Trx,
  wheel: WheelTerms & { id: string; now: Date },
): Promise<void> {
  await trx
    .insertInto('spin_wheels')
    .values({ id: wheel.id, ...wheelColumns(wheel), is_active: false, created_at: wheel.now })
    .execute();
}

export async function updateWheel(trx: Trx, id: string, change: WheelTerms): Promise<void> {
  await trx.updateTable('spin_wheels').set(wheelColumns(change)).where('id', '=', id).execute();
}

export type SliceInput = {
  code: string;
  label: Localized;
  description: Localized;
  bgColor: string;
  textColor: string;
  prizeKind: SpinPrizeKind;
  amountMinor: bigint;
  bonusCode: string | null;
  weight: number;
};

/**
 * Makes the wheel's slices these, in this order: a slice is kept by its code (past spins and coupons refer to its
 * row), a new code is added, and a slice left out is marked removed. The single label is the Thai one.
 */
export async function replaceSlices(
  trx: Trx,
  wheelId: string,
  slices: SliceInput[],
): Promise<void> {
  for (const [i, s] of slices.entries()) {
    const values = {
      label: s.label.th,
      labels: JSON.stringify(s.label),
      html_description_th: s.description.th,
      html_description_la: s.description.la,
      html_description_en: s.description.en,
      bg_color: s.bgColor,
      text_color: s.textColor,
      prize_kind: s.prizeKind,
      amount: s.amountMinor,
      bonus_code: s.bonusCode,
      weight: s.weight,
      sort_order: i + 1,
      is_removed: false,
    };
    await trx
      .insertInto('spin_slices')
      .values({ id: randomUUID(), wheel_id: wheelId, code: s.code, ...values })
      .onConflict((oc) => oc.constraint('spin_slices_code_key').doUpdateSet(values))
      .execute();
  }
  await trx
    .updateTable('spin_slices')
    .set({ is_removed: true })
    .where('wheel_id', '=', wheelId)
    .where(
      'code',
      'not in',
      slices.map((s) => s.code),
    )
    .execute();
}

/** Makes this wheel the live one (every other goes off first: one live wheel) or takes it off. */
export async function setWheelActive(trx: Trx, id: string, isActive: boolean): Promise<void> {
  if (isActive)
    await trx
      .updateTable('spin_wheels')
      .set({ is_active: false })
      .where('id', '!=', id)
      .where('is_active', '=', true)
      .execute();
  await trx.updateTable('spin_wheels').set({ is_active: isActive }).where('id', '=', id).execute();
}
