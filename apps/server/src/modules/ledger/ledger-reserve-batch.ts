import type { LedgerCurrency } from '@mekong/contracts/constants';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { retryOnConflict } from '@/db/conflict-retry.ts';
import type { Database } from '@/db/schema.ts';
import { memberAccountId } from '@/modules/ledger/ledger-ids.ts';
import {
  toTransfer,
  transferColumns,
  type TransferDbRow,
  type TransferKind,
  type TransferRow,
} from '@/modules/ledger/ledger.repository.ts';

/**
 * A pending transfer between two accounts of one member whose only balance change is the debit's reservation (a game
 * leg: cash → game or game → cash). `debitKind`/`creditKind` name the member's accounts.
 */
export type Reservation = {
  id: string;
  memberId: string;
  debit: { kind: 'cash' } | { kind: 'game'; provider: string };
  credit: { kind: 'cash' } | { kind: 'game'; provider: string };
  amountMinor: bigint;
  currency: LedgerCurrency;
  kind: Extract<TransferKind, 'game_in' | 'game_out'>;
  idempotencyKey: string;
  groupId?: string;
  metadata: Record<string, unknown>;
  now: Date;
};

const accountOf = (memberId: string, side: Reservation['debit']) =>
  side.kind === 'cash'
    ? memberAccountId(memberId, 'cash')
    : memberAccountId(memberId, 'game', side.provider);

/**
 * Many reservations in one statement, its own transaction (the group commit of concurrent game legs,
 * docs/decisions/0006). Each reservation's debit account is locked in account-id order (FOR NO KEY UPDATE, as every
 * ledger statement locks, docs/decisions/0010-ledger-locks-and-leases.md) and read under its lock; a reservation
 * whose funds suffice is inserted (its idempotency key claimed by the unique constraint, ON CONFLICT DO NOTHING) and
 * only an inserted one reserves. At most one reservation per debit account may be given (the caller makes sure), so
 * each check sees the balance its own change will move. Answers the transfers it recorded; one absent (not enough
 * funds, a repeated key, a missing account) must be made alone with createTransfer, which answers why.
 */
export async function reserveTransfers(
  db: Kysely<Database>,
  items: readonly Reservation[],
): Promise<Map<string, TransferRow>> {
  if (items.length === 0) return new Map();
  const debits = new Set<string>();
  const input = items.map((r) => {
    const debit = accountOf(r.memberId, r.debit);
    if (debits.has(debit)) throw new Error('one reservation per debit account in a batch');
    debits.add(debit);
    return {
      id: r.id,
      member_id: r.memberId,
      debit,
      credit: accountOf(r.memberId, r.credit),
      amount: r.amountMinor.toString(),
      currency: r.currency,
      kind: r.kind,
      idempotency_key: r.idempotencyKey,
      group_id: r.groupId ?? null,
      metadata: r.metadata,
      created_at: r.now.toISOString(),
    };
  });
  if (items.some((r) => r.amountMinor <= 0n)) throw new Error('a transfer amount must be positive');
  const query = sql<TransferDbRow>`
    with i as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x(id uuid, member_id uuid, debit uuid,
        credit uuid, amount bigint, currency text, kind text, idempotency_key text, group_id uuid, metadata jsonb,
        created_at timestamptz)
    ), locked as (
      select a.id, a.balance - a.reserved as available
      from ledger_accounts a join i on a.id = i.debit and a.currency = i.currency
      where a.member_id is not null
      order by a.id
      for no key update of a
    ), ins as (
      insert into ledger_transfers (id, member_id, debit_account_id, credit_account_id, amount, currency, kind, status,
        idempotency_key, external_ref, group_id, metadata, created_at, settled_at)
      select i.id, i.member_id, i.debit, i.credit, i.amount, i.currency, i.kind, 'pending', i.idempotency_key, null,
        i.group_id, i.metadata, i.created_at, null
      from i join locked l on l.id = i.debit
      where l.available >= i.amount
      on conflict do nothing
      returning ${sql.join(transferColumns.map((c) => sql.ref(c)))}, amount::text as amount,
        amount as amount_raw
    ), reserved as (
      update ledger_accounts a
      set reserved = a.reserved + ins.amount_raw, version = a.version + 1
      from ins
      where a.id = ins.debit_account_id and a.currency = ins.currency and a.member_id is not null
      returning a.id
    )
    select ${sql.join(transferColumns.map((c) => sql.ref(c)))}, amount,
      -- Every recorded row must have reserved; if not, the cast fails the statement, so nothing is written.
      case when (select count(*) from reserved) = (select count(*) from ins) then 0
        else ('ledger:RESERVE_BATCH_MISMATCH:' || ins.id::text)::int end as guard
    from ins`;
  const result = await retryOnConflict(() => query.execute(db));
  return new Map(result.rows.map((row) => [row.id, toTransfer(row)]));
}
