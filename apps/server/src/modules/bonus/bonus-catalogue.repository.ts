import { sql } from 'kysely';
import type { Queryable } from '@/db/database.ts';
import type { BonusType } from '@mekong/contracts/bonus';
import { escapeLike } from '@/db/like-pattern.ts';
import type { BonusStatus } from '@/db/schema.ts';

/**
 * The bonus catalogue (docs/decisions/0013-promotions.md#bonus): the `bonuses` and `bonus_quotas` tables; only this
 * file writes SQL for them.
 */

export type Localized = { th: string; la: string; en: string };

export type BonusRow = {
  code: string;
  name: Localized;
  description: Localized;
  type: BonusType;
  maxReceived: number;
  /** Percents and the multiplier in hundredths (10.5 % → 1050n), so money stays in integers. */
  percentFailX100: bigint;
  banners: { image: string; html: { th: string; la: string; en: string } }[];
  amountKind: 'percent' | 'fixed';
  percentX100: bigint | null;
  maxBonusMinor: bigint;
  minDepositMinor: bigint;
  withdrawCapMinor: bigint | null;
  conditionKind: 'credit' | 'turnover';
  multiplierX100: bigint;
  categoryWeights: Record<string, number>;
  validDays: number;
  isPromotion: boolean;
};

/** A numeric(…, 2) as the driver gives it ("10.50", 10.5) → hundredths, exactly. */
export function hundredths(value: string | number): bigint {
  const [whole = '0', fraction = ''] = String(value).split('.');
  const isNegative = whole.startsWith('-');
  const units = BigInt(whole) * 100n;
  const cents = BigInt((fraction + '00').slice(0, 2));
  return isNegative ? units - cents : units + cents;
}

/** Hundredths back to the number they stand for (1050n → 10.5), as the answers give percents and multipliers. */
export const fromX100 = (value: bigint): number => Number(value) / 100;

const bonusColumns = [
  'code',
  'name_th',
  'name_la',
  'name_en',
  'description_th',
  'description_la',
  'description_en',
  'type',
  'max_received',
  'banners',
  'amount_kind',
  'condition_kind',
  'category_weights',
  'valid_days',
  'is_promotion',
  sql<string>`percent_fail::text`.as('percent_fail'),
  sql<string | null>`percent::text`.as('percent'),
  sql<string>`multiplier::text`.as('multiplier'),
  sql<string>`max_bonus::text`.as('max_bonus'),
  sql<string>`min_deposit::text`.as('min_deposit'),
  sql<string | null>`withdraw_cap::text`.as('withdraw_cap'),
] as const;

/** What members are offered: published bonuses only (docs/back-office/promotions.md#lifecycle). */
function selectBonuses(db: Queryable) {
  return db.selectFrom('bonuses').select(bonusColumns).where('status', '=', 'published');
}
type BonusDbRow = Awaited<ReturnType<ReturnType<typeof selectBonuses>['executeTakeFirstOrThrow']>>;

function toBonus(r: BonusDbRow): BonusRow {
  return {
    code: r.code,
    name: { th: r.name_th, la: r.name_la, en: r.name_en },
    description: { th: r.description_th, la: r.description_la, en: r.description_en },
    type: r.type,
    maxReceived: r.max_received,
    percentFailX100: hundredths(r.percent_fail),
    banners: r.banners,
    amountKind: r.amount_kind,
    percentX100: r.percent === null ? null : hundredths(r.percent),
    maxBonusMinor: BigInt(r.max_bonus),
    minDepositMinor: BigInt(r.min_deposit),
    withdrawCapMinor: r.withdraw_cap === null ? null : BigInt(r.withdraw_cap),
    conditionKind: r.condition_kind,
    multiplierX100: hundredths(r.multiplier),
    categoryWeights: r.category_weights,
    validDays: r.valid_days,
    isPromotion: r.is_promotion,
  };
}

/** A bonus or promotion by its code: only a published one unless `isAnyState` (a member's running bonus). */
export async function findBonus(
  db: Queryable,
  code: string,
  options: { isAnyState?: boolean } = {},
): Promise<BonusRow | undefined> {
  const query = options.isAnyState
    ? db.selectFrom('bonuses').select(bonusColumns)
    : selectBonuses(db);
  const row = await query.where('code', '=', code).executeTakeFirst();
  return row && toBonus(row);
}

/** The published bonuses of the list (promotions are found by code only), in the operator's order. */
export async function listListedBonuses(db: Queryable): Promise<BonusRow[]> {
  const rows = await selectBonuses(db)
    .where('is_promotion', '=', false)
    .orderBy('sort_order')
    .orderBy('code')
    .execute();
  return rows.map(toBonus);
}

/** One use of the bonus's quota across all members: 'none' when it has no quota, 'full' when it is used up. */
export async function takeQuota(
  trx: Queryable,
  bonusCode: string,
): Promise<'taken' | 'full' | 'none'> {
  const taken = await trx
    .updateTable('bonus_quotas')
    .set((eb) => ({ used: eb('used', '+', 1) }))
    .where('bonus_code', '=', bonusCode)
    .whereRef('used', '<', 'quota')
    .returning('bonus_code')
    .executeTakeFirst();
  if (taken) return 'taken';
  const exists = await trx
    .selectFrom('bonus_quotas')
    .select('bonus_code')
    .where('bonus_code', '=', bonusCode)
    .executeTakeFirst();
  return exists ? 'full' : 'none';
}

export type NewBonus = Omit<BonusRow, 'percentFailX100' | 'percentX100' | 'multiplierX100'> & {
  percentFail: number;
  percent: number | null;
  multiplier: number;
  quota: number | null;
  sortOrder: number;
};

/** Inserts the bonuses not there yet (demo data and an operator's setup); never overwrites one. */
export async function insertBonusesIfMissing(db: Queryable, bonuses: NewBonus[], now: Date) {
  for (const b of bonuses) {
    await db
      .insertInto('bonuses')
      .values({
        code: b.code,
        ...termColumns(b),
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    if (b.quota !== null)
      await db
        .insertInto('bonus_quotas')
        .values({ bonus_code: b.code, quota: b.quota, used: 0 })
        .onConflict((oc) => oc.column('bonus_code').doNothing())
        .execute();
  }
}

// The back office's side of the catalogue (docs/back-office/promotions.md).

export type { BonusStatus };

export type AdminBonusRow = BonusRow & {
  status: BonusStatus;
  quota: number | null;
  quotaUsed: number;
  sortOrder: number;
  createdAt: Date;
  updatedAt: Date;
};

function selectAdminBonuses(db: Queryable) {
  return db
    .selectFrom('bonuses')
    .leftJoin('bonus_quotas as q', 'q.bonus_code', 'bonuses.code')
    .select(bonusColumns)
    .select(['status', 'sort_order', 'created_at', 'updated_at', 'q.quota', 'q.used']);
}
type AdminBonusDbRow = Awaited<
  ReturnType<ReturnType<typeof selectAdminBonuses>['executeTakeFirstOrThrow']>
>;

function toAdminBonus(r: AdminBonusDbRow): AdminBonusRow {
  return {
    ...toBonus(r),
    status: r.status,
    quota: r.quota,
    quotaUsed: r.used ?? 0,
    sortOrder: r.sort_order,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export type AdminBonusFilter = { status?: BonusStatus; isPromotion?: boolean; search?: string };

/** Every bonus and promotion in every state, in the operator's order. */
export async function listAdminBonuses(
  db: Queryable,
  filter: AdminBonusFilter,
): Promise<AdminBonusRow[]> {
  let query = selectAdminBonuses(db);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.isPromotion !== undefined)
    query = query.where('is_promotion', '=', filter.isPromotion);
  if (filter.search) {
    const like = `%${escapeLike(filter.search)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('code', 'ilike', like),
        eb('name_th', 'ilike', like),
        eb('name_la', 'ilike', like),
        eb('name_en', 'ilike', like),
      ]),
    );
  }
  const rows = await query.orderBy('sort_order').orderBy('code').execute();
  return rows.map(toAdminBonus);
}

/** One bonus in any state; `isLocked` holds its row for the caller's transaction. */
export async function findAdminBonus(
  db: Queryable,
  code: string,
  options: { isLocked?: boolean } = {},
): Promise<AdminBonusRow | undefined> {
  if (options.isLocked)
    await db.selectFrom('bonuses').select('code').where('code', '=', code).forUpdate().execute();
  const row = await selectAdminBonuses(db).where('code', '=', code).executeTakeFirst();
  return row && toAdminBonus(row);
}

/** The columns of a bonus's terms as the operator set them. */
export type BonusTermsInput = Omit<NewBonus, 'code' | 'quota'>;

function termColumns(b: BonusTermsInput) {
  return {
    name_th: b.name.th,
    name_la: b.name.la,
    name_en: b.name.en,
    description_th: b.description.th,
    description_la: b.description.la,
    description_en: b.description.en,
    type: b.type,
    max_received: b.maxReceived,
    percent_fail: b.percentFail,
    banners: JSON.stringify(b.banners),
    amount_kind: b.amountKind,
    percent: b.percent,
    max_bonus: b.maxBonusMinor,
    min_deposit: b.minDepositMinor,
    withdraw_cap: b.withdrawCapMinor,
    condition_kind: b.conditionKind,
    multiplier: b.multiplier,
    category_weights: JSON.stringify(b.categoryWeights),
    valid_days: b.validDays,
    is_promotion: b.isPromotion,
    sort_order: b.sortOrder,
  };
}

/** A new draft; false when the code is taken. */
export async function insertDraftBonus(
  trx: Queryable,
  bonus: NewBonus,
  now: Date,
): Promise<boolean> {
  const inserted = await trx
    .insertInto('bonuses')
    .values({
      code: bonus.code,
      ...termColumns(bonus),
      status: 'draft',
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .returning('code')
    .executeTakeFirst();
  if (inserted) await setQuota(trx, bonus.code, bonus.quota);
  return inserted !== undefined;
}

export async function updateBonusTerms(
  trx: Queryable,
  code: string,
  terms: BonusTermsInput & { quota: number | null },
  now: Date,
): Promise<void> {
  await trx
    .updateTable('bonuses')
    .set({ ...termColumns(terms), updated_at: now })
    .where('code', '=', code)
    .execute();
  await setQuota(trx, code, terms.quota);
}

/** The quota across all members: kept with its use count when changed, removed when null. */
async function setQuota(trx: Queryable, code: string, quota: number | null): Promise<void> {
  if (quota === null) {
    await trx.deleteFrom('bonus_quotas').where('bonus_code', '=', code).execute();
    return;
  }
  await trx
    .insertInto('bonus_quotas')
    .values({ bonus_code: code, quota, used: 0 })
    .onConflict((oc) => oc.column('bonus_code').doUpdateSet({ quota }))
    .execute();
}

/** Moves the bonus to `to` only from one of `from`; false when it was elsewhere. */
export async function setBonusStatus(
  trx: Queryable,
  code: string,
  change: { from: BonusStatus[]; to: BonusStatus; now: Date },
): Promise<boolean> {
  const row = await trx
    .updateTable('bonuses')
    .set({ status: change.to, updated_at: change.now })
    .where('code', '=', code)
    .where('status', 'in', change.from)
    .returning('code')
    .executeTakeFirst();
  return row !== undefined;
}
