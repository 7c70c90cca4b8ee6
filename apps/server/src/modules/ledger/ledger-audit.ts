import { LEDGER_CURRENCIES, type LedgerCurrency } from '@mekong/contracts/constants';
import { sql } from 'kysely';
import type { Queryable } from '@/db/database.ts';
import { accountIdOf, type HouseAccountRef } from '@/modules/ledger/ledger.service.ts';

/**
 * The ledger's invariant checks (docs/decisions/0002-ledger.md): whole-table scans for tests, the benchmark and an
 * operator's audit, never for a member's request.
 */

/** Invariant 1: per currency, member balances plus derived house balances sum to zero. Not for hot paths. */
export async function checkInvariants(
  db: Queryable,
): Promise<{ currency: LedgerCurrency; sum: bigint }[]> {
  const result = await sql<{ currency: LedgerCurrency; sum: string }>`
    select c.currency, (coalesce(m.s, 0) + coalesce(h.s, 0))::text as sum
    from (values ('THB'), ('LAK')) as c (currency)
    left join (
      select currency, sum(balance) as s from ledger_accounts where member_id is not null group by currency
    ) m on m.currency = c.currency
    left join (
      select t.currency,
        sum((case when ca.member_id is null then t.amount else 0 end)
          - (case when da.member_id is null then t.amount else 0 end)) as s
      from ledger_transfers t
      join ledger_accounts ca on ca.id = t.credit_account_id
      join ledger_accounts da on da.id = t.debit_account_id
      where t.status = 'posted'
      group by t.currency
    ) h on h.currency = c.currency
    order by c.currency`.execute(db);
  const byCurrency = new Map(result.rows.map((r) => [r.currency, BigInt(r.sum)]));
  return LEDGER_CURRENCIES.map((currency) => ({ currency, sum: byCurrency.get(currency) ?? 0n }));
}

export type AccountMismatch = {
  accountId: string;
  balance: bigint;
  derivedBalance: bigint;
  reserved: bigint;
  pendingDebits: bigint;
};

/**
 * Invariant 2: every member account whose balance differs from its posted log, or whose reservation differs from its
 * pending debits (optionally for one member). Empty when the ledger is consistent. Not for hot paths.
 */
export async function findAccountMismatches(
  db: Queryable,
  memberId?: string,
): Promise<AccountMismatch[]> {
  const result = await sql<{
    id: string;
    balance: string;
    derived: string;
    reserved: string;
    pending: string;
  }>`
    select a.id, a.balance::text as balance, a.reserved::text as reserved,
      (coalesce((select sum(amount) from ledger_transfers where credit_account_id = a.id and status = 'posted'), 0)
        - coalesce((select sum(amount) from ledger_transfers where debit_account_id = a.id and status = 'posted'), 0))::text as derived,
      coalesce((select sum(amount) from ledger_transfers where debit_account_id = a.id and status = 'pending'), 0)::text as pending
    from ledger_accounts a
    where a.member_id is not null ${memberId ? sql`and a.member_id = ${memberId}` : sql``}`.execute(
    db,
  );
  return result.rows
    .map((r) => ({
      accountId: r.id,
      balance: BigInt(r.balance),
      derivedBalance: BigInt(r.derived),
      reserved: BigInt(r.reserved),
      pendingDebits: BigInt(r.pending),
    }))
    .filter((r) => r.balance !== r.derivedBalance || r.reserved !== r.pendingDebits);
}

/** A house account's balance, derived from the posted log. */
export async function getHouseBalance(
  db: Queryable,
  ref: HouseAccountRef,
  currency: LedgerCurrency,
): Promise<bigint> {
  const id = accountIdOf(ref, currency);
  const result = await sql<{ s: string }>`
    select (coalesce((select sum(amount) from ledger_transfers where credit_account_id = ${id} and status = 'posted'), 0)
      - coalesce((select sum(amount) from ledger_transfers where debit_account_id = ${id} and status = 'posted'), 0))::text as s`.execute(
    db,
  );
  return BigInt(result.rows[0]?.s ?? '0');
}
