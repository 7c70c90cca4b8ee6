import type { LedgerCurrency } from '@mekong/contracts/constants';
import { sql } from 'kysely';
import type { Queryable } from '@/db/database.ts';
import { toDomainRow } from '@/db/domain-row.ts';
import { playerDayOf } from '@/db/player-day.ts';
import type { TransferKind, TransferStatus } from '@/modules/ledger/ledger.repository.ts';

/**
 * The ledger's reads for the back office's reports (docs/back-office/reports.md): sums over whole days of every
 * member, and the ledger's side of the reconciliation. Read-only; never on a member's request path.
 */

/** Posted money of one kind on one players' day, per currency and key (deposit channel, game provider). */
export type FlowRow = {
  day: number;
  currency: LedgerCurrency;
  kind: TransferKind;
  /** The deposit's channel, the game's provider, else ''. */
  key: string;
  /** The debit side is a house account (money from the house to a member). */
  isFromHouse: boolean;
  count: number;
  amountMinor: bigint;
};

/** Posted transfers settled in [start, end), summed per players' day, currency, kind, key and direction. */
export async function sumPostedFlows(db: Queryable, start: Date, end: Date): Promise<FlowRow[]> {
  const rows = await db
    .selectFrom('ledger_transfers as t')
    .innerJoin('ledger_accounts as d', 'd.id', 't.debit_account_id')
    .select([
      playerDayOf('t.settled_at').as('day'),
      't.currency',
      't.kind',
      sql<string>`case
        when t.kind = 'deposit' then coalesce(t.metadata->>'channel', 'other')
        when t.kind in ('game_in', 'game_out', 'game_result') then coalesce(t.metadata->>'provider', '')
        else '' end`.as('key'),
      sql<boolean>`d.member_id is null`.as('is_from_house'),
      sql<number>`count(*)::int`.as('n'),
      sql<string>`sum(t.amount)::text`.as('total'),
    ])
    .where('t.status', '=', 'posted')
    .where('t.settled_at', '>=', start)
    .where('t.settled_at', '<', end)
    // A member's own bonus money moving to their cash is no flow of the house.
    .where('t.kind', '!=', 'bonus_use')
    .groupBy(['day', 't.currency', 't.kind', 'key', 'is_from_house'])
    .execute();
  return rows.map((r) => ({
    day: Number(r.day),
    currency: r.currency,
    kind: r.kind,
    key: r.key,
    isFromHouse: r.is_from_house,
    count: Number(r.n),
    amountMinor: BigInt(r.total),
  }));
}

/** Members who moved money (deposit, withdrawal, game transfer posted) on each players' day of [start, end). */
export async function listMoneyMoverDays(
  db: Queryable,
  start: Date,
  end: Date,
): Promise<{ day: number; memberId: string; currency: LedgerCurrency }[]> {
  const rows = await db
    .selectFrom('ledger_transfers as t')
    .select([playerDayOf('t.settled_at').as('day'), 't.member_id', 't.currency'])
    .distinct()
    .where('t.status', '=', 'posted')
    .where('t.settled_at', '>=', start)
    .where('t.settled_at', '<', end)
    .where('t.kind', 'in', ['deposit', 'withdraw', 'game_in', 'game_out'])
    .where('t.member_id', 'is not', null)
    .execute();
  return rows.flatMap((r) =>
    r.member_id ? [{ day: Number(r.day), memberId: r.member_id, currency: r.currency }] : [],
  );
}

export type AccountState = {
  id: string;
  currency: LedgerCurrency;
  balance: bigint;
  /** A transfer of the account is pending: its balance is in flight. */
  isInFlight: boolean;
};

/** Posted balances of these member accounts, and whether any transfer of each is pending. */
export async function readAccountStates(
  db: Queryable,
  accountIds: readonly string[],
): Promise<Map<string, AccountState>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('ledger_accounts as a')
    .select([
      'a.id',
      'a.currency',
      sql<string>`a.balance::text`.as('balance'),
      sql<boolean>`exists (select 1 from ledger_transfers p where p.status = 'pending'
        and (p.debit_account_id = a.id or p.credit_account_id = a.id))`.as('is_in_flight'),
    ])
    .where('a.id', 'in', [...accountIds])
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        currency: r.currency,
        balance: BigInt(r.balance),
        isInFlight: Boolean(r.is_in_flight),
      },
    ]),
  );
}

export type TransferFacts = {
  id: string;
  memberId: string | null;
  kind: TransferKind;
  status: TransferStatus;
  currency: LedgerCurrency;
  amountMinor: bigint;
};

/** A transfer's facts, its amount as text (exact whatever the driver). */
const selectTransferFacts = (db: Queryable) =>
  db
    .selectFrom('ledger_transfers')
    .select([
      'id',
      'member_id',
      'kind',
      'status',
      'currency',
      sql<string>`amount::text`.as('amount'),
    ]);

/** Kind, status and amount of each of these transfers that exists. */
export async function findTransferFacts(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, TransferFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await selectTransferFacts(db)
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, toDomainRow(r)]));
}

/**
 * A page of the deposits credited from the bank feed (channel bank) settled in [start, end), by id after `afterId`:
 * the ledger's side of "every bank credit has its bank line".
 */
export async function listBankFeedCredits(
  db: Queryable,
  options: { start: Date; end: Date; afterId: string | null; limit: number },
): Promise<(TransferFacts & { bankReference: string | null })[]> {
  let query = selectTransferFacts(db)
    .select(sql<string | null>`metadata->>'bankReference'`.as('bank_reference'))
    .where('kind', '=', 'deposit')
    .where('status', '=', 'posted')
    .where(sql<boolean>`metadata->>'channel' = 'bank'`)
    .where('settled_at', '>=', options.start)
    .where('settled_at', '<', options.end)
    .orderBy('id')
    .limit(options.limit);
  if (options.afterId) query = query.where('id', '>', options.afterId);
  const rows = await query.execute();
  return rows.map(toDomainRow);
}

/**
 * Invariant 2 of docs/decisions/0002-ledger.md for every member account in one pass over the log (linear in the number
 * of transfers, where ledger-audit's per-account check is not): the accounts whose balance differs from their posted
 * log or whose reservation differs from their pending debits, the first `limit` of them, and how many in all.
 */
export async function listAccountMismatches(
  db: Queryable,
  limit: number,
): Promise<{
  total: number;
  rows: {
    accountId: string;
    currency: LedgerCurrency;
    balance: bigint;
    derived: bigint;
    reserved: bigint;
    pending: bigint;
  }[];
}> {
  const result = await sql<{
    id: string;
    currency: LedgerCurrency;
    balance: string;
    reserved: string;
    derived: string;
    pending: string;
    total: string | number;
  }>`
    with moves as (
      select credit_account_id as id, amount from ledger_transfers where status = 'posted'
      union all
      select debit_account_id, -amount from ledger_transfers where status = 'posted'
    ), derived as (
      select id, sum(amount) as s from moves group by id
    ), pending as (
      select debit_account_id as id, sum(amount) as s from ledger_transfers where status = 'pending'
      group by debit_account_id
    )
    select a.id, a.currency, a.balance::text as balance, a.reserved::text as reserved,
      coalesce(d.s, 0)::text as derived, coalesce(p.s, 0)::text as pending, count(*) over () as total
    from ledger_accounts a
    left join derived d on d.id = a.id
    left join pending p on p.id = a.id
    where a.member_id is not null
      and (a.balance <> coalesce(d.s, 0) or a.reserved <> coalesce(p.s, 0))
    order by a.id
    limit ${limit}`.execute(db);
  return {
    total: Number(result.rows[0]?.total ?? 0),
    rows: result.rows.map((r) => ({
      accountId: r.id,
      currency: r.currency,
      balance: BigInt(r.balance),
      derived: BigInt(r.derived),
      reserved: BigInt(r.reserved),
      pending: BigInt(r.pending),
    })),
  };
}
