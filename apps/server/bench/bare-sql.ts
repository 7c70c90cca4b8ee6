import { randomUUID } from 'node:crypto';

export type BenchMember = { memberId: string; token: string; cashId: string; gameId: string };

export type BareStatement = { text: string; values: string[]; rows: number };

const TRANSFER_COLUMNS = `id, member_id, debit_account_id, credit_account_id, currency, kind, status, idempotency_key,
  external_ref, group_id, metadata, created_at, settled_at, amount::text as amount`;

/**
 * The statements the ledger runs for one wallet → game transfer, with nothing around them: createTransfer (pending:
 * insert the transfer and reserve the cash, one statement) and postTransfer (the transfer posted, both member
 * balances moved, one statement). The caller runs them in one transaction. Keep these in step with
 * ledger.service.ts (createTransfer, settle).
 */
export function bareTransferStatements(member: BenchMember, amountMinor: bigint): BareStatement[] {
  const id = randomUUID();
  const a = amountMinor.toString();
  return [
    {
      text: `with ins as (
        insert into ledger_transfers (id, member_id, debit_account_id, credit_account_id, amount, currency, kind, status,
          idempotency_key, external_ref, group_id, metadata, created_at, settled_at)
        values ($1, $2, $3, $4, $5::bigint, 'THB', 'game_in', 'pending', $6, null, null, $7::jsonb, now(), null::timestamptz)
        on conflict do nothing
        returning ${TRANSFER_COLUMNS}
      ), c0 as (
        update ledger_accounts
        set balance = balance + 0::bigint, reserved = reserved + $5::bigint, version = version + 1
        where id = $3 and currency = 'THB' and member_id is not null
          and balance - reserved >= $5::bigint
          and exists (select 1 from ins)
        returning id)
      select ins.*, (select count(*) from c0)::int as n0 from ins`,
      values: [
        id,
        member.memberId,
        member.cashId,
        member.gameId,
        a,
        randomUUID(),
        '{"provider":"PG","username":"bench"}',
      ],
      rows: 1,
    },
    {
      text: `with t as (
        update ledger_transfers set status = 'posted', settled_at = now()
        where id = $1 and status = 'pending'
        returning ${TRANSFER_COLUMNS}, amount as amount_raw
      ), lo as (
        update ledger_accounts a
        set balance = a.balance + case when a.id = t.debit_account_id then -t.amount_raw else t.amount_raw end,
          reserved = a.reserved - case when a.id = t.debit_account_id then t.amount_raw else 0 end,
          version = a.version + 1
        from t
        where a.id = least(t.debit_account_id, t.credit_account_id) and a.member_id is not null
          and a.currency = t.currency
        returning a.id
      ), hi as (
        update ledger_accounts a
        set balance = a.balance + case when a.id = t.debit_account_id then -t.amount_raw else t.amount_raw end,
          reserved = a.reserved - case when a.id = t.debit_account_id then t.amount_raw else 0 end,
          version = a.version + 1
        from t
        where a.id = greatest(t.debit_account_id, t.credit_account_id) and a.member_id is not null
          and a.currency = t.currency
          and (select count(*) from lo) >= 0
        returning a.id
      )
      select id, member_id, debit_account_id, credit_account_id, currency, kind, status, idempotency_key, external_ref,
        group_id, metadata, created_at, settled_at, amount from t`,
      values: [id],
      rows: 1,
    },
  ];
}
