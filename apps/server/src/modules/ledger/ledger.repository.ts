import type { LedgerCurrency } from '@mekong/contracts/constants';
import { sql, type Expression, type Selectable, type SqlBool } from 'kysely';
import type { Queryable } from '@/db/database.ts';
import { lockedIf } from '@/db/lockable.ts';
import { readPage } from '@/db/paged.ts';
import type { LedgerTransferKind, LedgerTransfersTable } from '@/db/schema.ts';
import { hasAnyRow } from '@/db/any-row.ts';

/** The ledger's reads for other modules: only the ledger module queries ledger_* (docs/decisions/0002-ledger.md). */

export type TransferKind = LedgerTransferKind;
export type TransferStatus = 'pending' | 'posted' | 'voided';

export type TransferRow = {
  id: string;
  memberId: string | null;
  debitAccountId: string;
  creditAccountId: string;
  amountMinor: bigint;
  currency: LedgerCurrency;
  kind: TransferKind;
  status: TransferStatus;
  idempotencyKey: string | null;
  externalRef: string | null;
  groupId: string | null;
  metadata: Record<string, unknown> | null;
  createdAt: Date;
  settledAt: Date | null;
};

export type TransferDbRow = Omit<Selectable<LedgerTransfersTable>, 'amount'> & { amount: string };

export const transferColumns = [
  'id',
  'member_id',
  'debit_account_id',
  'credit_account_id',
  'currency',
  'kind',
  'status',
  'idempotency_key',
  'external_ref',
  'group_id',
  'metadata',
  'created_at',
  'settled_at',
] as const;

export function toTransfer(row: TransferDbRow): TransferRow {
  return {
    id: row.id,
    memberId: row.member_id,
    debitAccountId: row.debit_account_id,
    creditAccountId: row.credit_account_id,
    amountMinor: BigInt(row.amount),
    currency: row.currency,
    kind: row.kind,
    status: row.status,
    idempotencyKey: row.idempotency_key,
    externalRef: row.external_ref,
    groupId: row.group_id,
    metadata: row.metadata,
    createdAt: row.created_at,
    settledAt: row.settled_at,
  };
}

function selectTransfers(db: Queryable) {
  return db
    .selectFrom('ledger_transfers')
    .select(transferColumns)
    .select(sql<string>`amount::text`.as('amount'));
}

/** The one transfer whose columns equal `where` (every condition names a unique key), if any. */
async function findTransfer(
  db: Queryable,
  where: Partial<Record<'id' | 'member_id' | 'idempotency_key' | 'kind' | 'external_ref', string>>,
): Promise<TransferRow | undefined> {
  let query = selectTransfers(db);
  for (const [column, value] of Object.entries(where))
    query = query.where(column as keyof typeof where, '=', value);
  const row = await query.executeTakeFirst();
  return row && toTransfer(row);
}

export const getTransfer = (db: Queryable, transferId: string) =>
  findTransfer(db, { id: transferId });

export const findTransferByIdempotencyKey = (
  db: Queryable,
  memberId: string,
  idempotencyKey: string,
) => findTransfer(db, { member_id: memberId, idempotency_key: idempotencyKey });

/** The transfer of this kind recorded under an outside reference (unique per kind), if any. */
export const findTransferByExternalRef = (db: Queryable, kind: TransferKind, externalRef: string) =>
  findTransfer(db, { kind, external_ref: externalRef });

/** The member's transfers of one group (the legs of one member action), oldest first. */
export async function listGroupTransfers(
  db: Queryable,
  memberId: string,
  groupId: string,
): Promise<TransferRow[]> {
  const query = selectTransfers(db).where('member_id', '=', memberId);
  return (await query.where('group_id', '=', groupId).orderBy('created_at').execute()).map(
    toTransfer,
  );
}

/** Pending transfers of the given kinds created before `olderThan`, oldest first (for reconciliation). */
export async function listPendingTransfers(
  db: Queryable,
  options: { kinds: TransferKind[]; olderThan: Date; limit?: number },
): Promise<TransferRow[]> {
  if (options.kinds.length === 0) return [];
  const rows = await selectTransfers(db)
    .where('status', '=', 'pending')
    .where('kind', 'in', options.kinds)
    .where('created_at', '<', options.olderThan)
    .orderBy('created_at')
    .limit(options.limit ?? 500)
    .execute();
  return rows.map(toTransfer);
}

/** Whether any pending transfer touches the ledger account (its balance is then in flight). */
export async function hasPendingTransfer(db: Queryable, accountId: string): Promise<boolean> {
  return hasAnyRow(
    db
      .selectFrom('ledger_transfers')
      .where('status', '=', 'pending')
      .where((eb) =>
        eb.or([eb('debit_account_id', '=', accountId), eb('credit_account_id', '=', accountId)]),
      ),
  );
}

/** Whether a game leg (game_in, game_out) of the member is still pending (its money is on its way). */
export async function hasPendingGameLeg(db: Queryable, memberId: string): Promise<boolean> {
  return hasAnyRow(
    db
      .selectFrom('ledger_transfers')
      .where('member_id', '=', memberId)
      .where('status', '=', 'pending')
      .where('kind', 'in', ['game_in', 'game_out']),
  );
}

/**
 * A member account's posted balance and version (the version moves with every change), locked (FOR NO KEY UPDATE)
 * within the caller's transaction when `isLocked`.
 */
export async function findAccountState(
  db: Queryable,
  accountId: string,
  options: { isLocked?: boolean } = {},
): Promise<{ version: string; balance: bigint } | undefined> {
  const query = db
    .selectFrom('ledger_accounts')
    .select([sql<string>`version::text`.as('version'), sql<string>`balance::text`.as('balance')])
    .where('id', '=', accountId);
  const row = await lockedIf(query, options).executeTakeFirst();
  return row && { version: row.version, balance: BigInt(row.balance) };
}

/** One side of a transfer: the account's owner (null for a house account), kind and provider. */
export type TransferSide = { memberId: string | null; kind: string; provider: string | null };

export type TransferWithSides = Pick<
  TransferRow,
  'id' | 'kind' | 'status' | 'amountMinor' | 'createdAt' | 'metadata'
> & { debit: TransferSide; credit: TransferSide };

/**
 * Which of the member's transfers to list: those of `kinds` in either direction, and those of `creditedKinds` only when
 * the credit side is the member's own account (money in) or of `debitedKinds` only when it is not (money out).
 */
export type MemberTransferMatch = {
  kinds: readonly TransferKind[];
  creditedKinds?: readonly TransferKind[];
  debitedKinds?: readonly TransferKind[];
};

/**
 * A page of the member's transfers (but `excludeKinds`; only those `match` picks when given), newest first, with both
 * sides, and how many in all.
 */
export async function listMemberTransfersWithSides(
  db: Queryable,
  memberId: string,
  options: {
    excludeKinds: readonly TransferKind[];
    match?: MemberTransferMatch;
    offset: number;
    limit: number;
  },
): Promise<{ total: number; transfers: TransferWithSides[] }> {
  let base = db.selectFrom('ledger_transfers as t').where('t.member_id', '=', memberId);
  if (options.excludeKinds.length > 0)
    base = base.where('t.kind', 'not in', [...options.excludeKinds]);
  const { match } = options;
  if (match) {
    const memberAccounts = db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('member_id', '=', memberId);
    base = base.where((eb) => {
      const toMember = eb('t.credit_account_id', 'in', memberAccounts);
      const any: Expression<SqlBool>[] = [];
      if (match.kinds.length > 0) any.push(eb('t.kind', 'in', [...match.kinds]));
      if (match.creditedKinds?.length)
        any.push(eb.and([eb('t.kind', 'in', [...match.creditedKinds]), toMember]));
      if (match.debitedKinds?.length)
        any.push(eb.and([eb('t.kind', 'in', [...match.debitedKinds]), eb.not(toMember)]));
      return any.length > 0 ? eb.or(any) : eb.val(false);
    });
  }
  const { total, rows } = await readPage(
    base,
    (base) =>
      base
        .innerJoin('ledger_accounts as d', 'd.id', 't.debit_account_id')
        .innerJoin('ledger_accounts as c', 'c.id', 't.credit_account_id')
        .select([
          't.id',
          't.kind',
          't.status',
          sql<string>`t.amount::text`.as('amount'),
          't.created_at',
          't.metadata',
          'd.member_id as debit_member_id',
          'd.kind as debit_kind',
          'd.provider as debit_provider',
          'c.member_id as credit_member_id',
          'c.kind as credit_kind',
          'c.provider as credit_provider',
        ])
        .orderBy('t.created_at', 'desc')
        .orderBy('t.id', 'desc'),
    options,
  );
  return {
    total,
    transfers: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      status: r.status,
      amountMinor: BigInt(r.amount),
      createdAt: r.created_at,
      metadata: r.metadata,
      debit: { memberId: r.debit_member_id, kind: r.debit_kind, provider: r.debit_provider },
      credit: { memberId: r.credit_member_id, kind: r.credit_kind, provider: r.credit_provider },
    })),
  };
}

/**
 * The member's posted deposits into cash since `since`, newest first (the qualifying deposit of a bonus,
 * docs/decisions/0013-promotions.md#bonus).
 */
export async function listPostedDepositsSince(
  db: Queryable,
  memberId: string,
  since: Date,
  limit = 20,
): Promise<{ id: string; amountMinor: bigint; createdAt: Date }[]> {
  const rows = await db
    .selectFrom('ledger_transfers as t')
    .innerJoin('ledger_accounts as c', 'c.id', 't.credit_account_id')
    .select(['t.id', 't.created_at', sql<string>`t.amount::text`.as('amount')])
    .where('t.member_id', '=', memberId)
    .where('t.kind', '=', 'deposit')
    .where('t.status', '=', 'posted')
    .where('c.member_id', '=', memberId)
    .where('c.kind', '=', 'cash')
    .where('t.created_at', '>=', since)
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, amountMinor: BigInt(r.amount), createdAt: r.created_at }));
}

/**
 * Σ the member's posted deposits into cash credited since `since` (but the transfer `exceptId`), the money a deposit's
 * play is measured against (docs/decisions/0013-promotions.md#earned-by-play).
 */
export async function sumPostedDepositsSince(
  db: Queryable,
  memberId: string,
  since: Date,
  exceptId?: string,
): Promise<bigint> {
  let query = db
    .selectFrom('ledger_transfers as t')
    .innerJoin('ledger_accounts as c', 'c.id', 't.credit_account_id')
    .select(sql<string>`coalesce(sum(t.amount), 0)::text`.as('total'))
    .where('t.member_id', '=', memberId)
    .where('t.kind', '=', 'deposit')
    .where('t.status', '=', 'posted')
    .where('c.member_id', '=', memberId)
    .where('c.kind', '=', 'cash')
    .where('t.created_at', '>=', since);
  if (exceptId) query = query.where('t.id', '!=', exceptId);
  const row = await query.executeTakeFirst();
  return BigInt(row?.total ?? '0');
}

export type MemberBalances = { cash: bigint; bonus: bigint; games: Record<string, bigint> };

/**
 * One figure of each of the member's accounts: `posted` the balance, `available` the balance less what pending
 * transfers reserve. Works on the db or a trx.
 */
export async function readMemberBalances(
  db: Queryable,
  memberId: string,
  figure: 'posted' | 'available',
): Promise<MemberBalances> {
  return (await readMembersBalances(db, [memberId], figure)).get(memberId) ?? emptyBalances();
}

const emptyBalances = (): MemberBalances => ({ cash: 0n, bonus: 0n, games: {} });

/** readMemberBalances for several members in one statement (a member without accounts gets zeros). */
export async function readMembersBalances(
  db: Queryable,
  memberIds: readonly string[],
  figure: 'posted' | 'available',
): Promise<Map<string, MemberBalances>> {
  const amount =
    figure === 'posted' ? sql<string>`balance::text` : sql<string>`(balance - reserved)::text`;
  const result = new Map(memberIds.map((id) => [id, emptyBalances()]));
  if (memberIds.length === 0) return result;
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['member_id', 'kind', 'provider', amount.as('amount')])
    .where('member_id', 'in', [...memberIds])
    .execute();
  for (const row of rows) {
    const balances = row.member_id === null ? undefined : result.get(row.member_id);
    if (!balances) continue;
    const value = BigInt(row.amount);
    if (row.kind === 'cash') balances.cash = value;
    else if (row.kind === 'bonus') balances.bonus = value;
    else if (row.kind === 'game' && row.provider) balances.games[row.provider] = value;
  }
  return result;
}

/**
 * Posted balances of each of the member's accounts (money reserved by a pending transfer still counted where it is):
 * the bonus engine's totals, which a transfer in flight must not make look smaller (docs/decisions/0013-promotions.md).
 */
export function getMemberPostedBalances(db: Queryable, memberId: string): Promise<MemberBalances> {
  return readMemberBalances(db, memberId, 'posted');
}

export type LedgerHealthRow = { kind: TransferKind; count: number; oldest: Date | null };

/** Pending transfers per kind with the oldest one's time, and transfers posted since `since` per kind (metrics). */
export async function readLedgerHealth(
  db: Queryable,
  since: Date,
): Promise<{ pending: LedgerHealthRow[]; posted: { kind: TransferKind; count: number }[] }> {
  const pending = await db
    .selectFrom('ledger_transfers')
    .select([
      'kind',
      sql<string>`count(*)`.as('count'),
      sql<Date | null>`min(created_at)`.as('oldest'),
    ])
    .where('status', '=', 'pending')
    .groupBy('kind')
    .execute();
  const posted = await db
    .selectFrom('ledger_transfers')
    .select(['kind', sql<string>`count(*)`.as('count')])
    .where('status', '=', 'posted')
    .where('settled_at', '>=', since)
    .groupBy('kind')
    .execute();
  return {
    pending: pending.map((r) => ({
      kind: r.kind,
      count: Number(r.count),
      oldest: r.oldest === null ? null : new Date(r.oldest),
    })),
    posted: posted.map((r) => ({ kind: r.kind, count: Number(r.count) })),
  };
}
