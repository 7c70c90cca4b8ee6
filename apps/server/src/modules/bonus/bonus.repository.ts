import type { LedgerCurrency } from '@mekong/contracts/constants';
import { sql } from 'kysely';
import type { Queryable } from '@/db/database.ts';
import type { MemberBonusesTable } from '@/db/schema.ts';
import { lockableFinder } from '@/db/finders.ts';
import { hasAnyRow } from '@/db/any-row.ts';

/**
 * The members' bonuses (docs/decisions/0013-promotions.md#bonus): `member_bonuses`, `bonus_receipts` and
 * `promotion_claims`; only this file writes SQL for them.
 */

export type MemberBonusStatus = MemberBonusesTable['status'];

export type MemberBonusRow = {
  id: string;
  memberId: string;
  bonusCode: string;
  status: MemberBonusStatus;
  isPromotion: boolean;
  currency: LedgerCurrency;
  depositTransferId: string | null;
  depositMinor: bigint;
  bonusMinor: bigint;
  startMinor: bigint;
  forfeitedMinor: bigint;
  createdAt: Date;
  expiresAt: Date;
  endedAt: Date | null;
};

const memberBonusColumns = [
  'id',
  'member_id',
  'bonus_code',
  'status',
  'is_promotion',
  'currency',
  'deposit_transfer_id',
  'created_at',
  'expires_at',
  'ended_at',
  sql<string>`deposit_amount::text`.as('deposit_amount'),
  sql<string>`bonus_amount::text`.as('bonus_amount'),
  sql<string>`start_amount::text`.as('start_amount'),
  sql<string>`forfeited::text`.as('forfeited'),
] as const;

function selectMemberBonuses(db: Queryable) {
  return db.selectFrom('member_bonuses').select(memberBonusColumns);
}
type MemberBonusDbRow = Awaited<
  ReturnType<ReturnType<typeof selectMemberBonuses>['executeTakeFirstOrThrow']>
>;

function toMemberBonus(r: MemberBonusDbRow): MemberBonusRow {
  return {
    id: r.id,
    memberId: r.member_id,
    bonusCode: r.bonus_code,
    status: r.status,
    isPromotion: r.is_promotion,
    currency: r.currency,
    depositTransferId: r.deposit_transfer_id,
    depositMinor: BigInt(r.deposit_amount),
    bonusMinor: BigInt(r.bonus_amount),
    startMinor: BigInt(r.start_amount),
    forfeitedMinor: BigInt(r.forfeited),
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    endedAt: r.ended_at,
  };
}

/**
 * The member's active bonus, locked (FOR UPDATE: its status will change, and status is in the unique index
 * member_bonuses_active_key) within the caller's transaction when asked.
 */
export const findActiveMemberBonus = lockableFinder(
  (db: Queryable, memberId: string) =>
    selectMemberBonuses(db).where('member_id', '=', memberId).where('status', '=', 'active'),
  toMemberBonus,
  'update',
);

/** A member bonus by id, locked like findActiveMemberBonus when asked. */
export const findMemberBonus = lockableFinder(
  (db: Queryable, id: string) => selectMemberBonuses(db).where('id', '=', id),
  toMemberBonus,
  'update',
);

export async function hasActiveMemberBonus(db: Queryable, memberId: string): Promise<boolean> {
  return hasAnyRow(
    db
      .selectFrom('member_bonuses')
      .where('member_id', '=', memberId)
      .where('status', '=', 'active'),
  );
}

/** Of these members, those with an active bonus (one statement for a batch of concurrent requests). */
export async function listMembersWithActiveBonus(
  db: Queryable,
  memberIds: readonly string[],
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('member_bonuses')
    .select('member_id')
    .where('member_id', 'in', [...memberIds])
    .where('status', '=', 'active')
    .execute();
  return new Set(rows.map((r) => r.member_id));
}

/** Every bonus the member has had, oldest first. */
export async function listMemberBonuses(
  db: Queryable,
  memberId: string,
): Promise<MemberBonusRow[]> {
  const rows = await selectMemberBonuses(db)
    .where('member_id', '=', memberId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toMemberBonus);
}

/** Active bonuses past their end, oldest first (the expiry job). */
export async function listExpiredActive(db: Queryable, now: Date, limit: number) {
  return db
    .selectFrom('member_bonuses')
    .select(['id', 'member_id'])
    .where('status', '=', 'active')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

/** One page of the active bonuses after `afterId`, by id (the lost job walks them all). */
export async function listActivePage(db: Queryable, afterId: string | null, limit: number) {
  let query = db
    .selectFrom('member_bonuses')
    .select(['id', 'member_id'])
    .where('status', '=', 'active');
  if (afterId !== null) query = query.where('id', '>', afterId);
  return query.orderBy('id').limit(limit).execute();
}

/**
 * Records a new active bonus. The partial unique index (one active bonus per member) decides a race: the loser's
 * insert waits for the winner's commit and then does nothing, answered as false.
 */
export async function insertActiveMemberBonus(
  trx: Queryable,
  row: Omit<MemberBonusRow, 'status' | 'forfeitedMinor' | 'endedAt'>,
): Promise<boolean> {
  const inserted = await trx
    .insertInto('member_bonuses')
    .values({
      id: row.id,
      member_id: row.memberId,
      bonus_code: row.bonusCode,
      status: 'active',
      is_promotion: row.isPromotion,
      currency: row.currency,
      deposit_transfer_id: row.depositTransferId,
      deposit_amount: row.depositMinor,
      bonus_amount: row.bonusMinor,
      start_amount: row.startMinor,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
      ended_at: null,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function setCreditTransfer(
  trx: Queryable,
  id: string,
  transferId: string,
): Promise<void> {
  await trx
    .updateTable('member_bonuses')
    .set({ credit_transfer_id: transferId })
    .where('id', '=', id)
    .execute();
}

/** active → an end state, once; false when it had ended already. */
export async function endMemberBonus(
  trx: Queryable,
  id: string,
  end: {
    status: Exclude<MemberBonusStatus, 'active'>;
    forfeitedMinor: bigint;
    at: Date;
    withdrawalId?: string;
    withdrawRequestedMinor?: bigint;
  },
): Promise<boolean> {
  const updated = await trx
    .updateTable('member_bonuses')
    .set({
      status: end.status,
      forfeited: end.forfeitedMinor,
      ended_at: end.at,
      withdrawal_id: end.withdrawalId ?? null,
      withdraw_requested: end.withdrawRequestedMinor ?? null,
    })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

/** The whole amount a member asked for when a withdrawal completed their bonus (the payout may be less). */
export async function findWithdrawRequested(
  db: Queryable,
  withdrawalId: string,
): Promise<bigint | undefined> {
  const row = await db
    .selectFrom('member_bonuses')
    .select(sql<string | null>`withdraw_requested::text`.as('requested'))
    .where('withdrawal_id', '=', withdrawalId)
    .executeTakeFirst();
  return row?.requested ? BigInt(row.requested) : undefined;
}

/** Which of these deposit transfers an earlier bonus used. */
export async function listUsedDeposits(db: Queryable, transferIds: string[]): Promise<Set<string>> {
  if (transferIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('member_bonuses')
    .select('deposit_transfer_id')
    .where('deposit_transfer_id', 'in', transferIds)
    .execute();
  return new Set(rows.map((r) => r.deposit_transfer_id).filter((id): id is string => id !== null));
}

/** The member's receipts of these bonuses (all periods), oldest first. */
export async function listReceipts(db: Queryable, memberId: string, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .selectFrom('bonus_receipts')
    .select(['bonus_code', 'period', 'member_bonus_id', 'created_at'])
    .where('member_id', '=', memberId)
    .where('bonus_code', 'in', codes)
    .orderBy('created_at')
    .execute();
}

/**
 * Takes the first free receipt slot `<period>#n` (n = 1..max) with the insert itself: the primary key decides a race,
 * so the receipts of a period never exceed max. False: every slot is taken.
 */
export async function takeReceiptSlot(
  trx: Queryable,
  slot: {
    memberId: string;
    bonusCode: string;
    period: string;
    max: number;
    memberBonusId: string;
    now: Date;
  },
): Promise<boolean> {
  const result = await sql<{ period: string }>`
    insert into bonus_receipts (member_id, bonus_code, period, member_bonus_id, created_at)
    select ${slot.memberId}, ${slot.bonusCode}, ${slot.period} || '#' || n, ${slot.memberBonusId}, ${slot.now}
    from generate_series(1, ${slot.max}::int) as n
    where not exists (
      select 1 from bonus_receipts r
      where r.member_id = ${slot.memberId} and r.bonus_code = ${slot.bonusCode}
        and r.period = ${slot.period} || '#' || n)
    order by n
    limit 1
    on conflict do nothing
    returning period`.execute(trx);
  return result.rows.length === 1;
}

/** The promotion's claim for a bank account and a phone; false when either took it already (unique keys). */
export async function insertPromotionClaim(
  trx: Queryable,
  claim: {
    bonusCode: string;
    memberId: string;
    bankKey: string | null;
    phone: string;
    memberBonusId: string;
    now: Date;
  },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('promotion_claims')
    .values({
      bonus_code: claim.bonusCode,
      member_id: claim.memberId,
      bank_key: claim.bankKey,
      phone: claim.phone,
      member_bonus_id: claim.memberBonusId,
      created_at: claim.now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('bonus_code')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Whether the promotion was taken by this member, bank account or phone. */
export async function isPromotionClaimed(
  db: Queryable,
  claim: { bonusCode: string; memberId: string; bankKey: string | null; phone: string },
): Promise<boolean> {
  return hasAnyRow(
    db
      .selectFrom('promotion_claims')
      .where('bonus_code', '=', claim.bonusCode)
      .where((eb) =>
        eb.or([
          eb('member_id', '=', claim.memberId),
          eb('phone', '=', claim.phone),
          ...(claim.bankKey ? [eb('bank_key', '=', claim.bankKey)] : []),
        ]),
      ),
  );
}

/** Per bonus code: its member bonuses running now and ever started (the back office's list). */
export async function countBonusUse(
  db: Queryable,
  codes: string[],
): Promise<Map<string, { active: number; received: number }>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .selectFrom('member_bonuses')
    .select([
      'bonus_code',
      sql<string>`count(*) filter (where status = 'active')`.as('active'),
      sql<string>`count(*)`.as('received'),
    ])
    .where('bonus_code', 'in', codes)
    .groupBy('bonus_code')
    .execute();
  return new Map(
    rows.map((r) => [r.bonus_code, { active: Number(r.active), received: Number(r.received) }]),
  );
}
