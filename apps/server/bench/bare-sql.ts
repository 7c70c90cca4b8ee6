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

/**
 * The data GET /api/wallet answers with, as one bare SELECT: the member and their payout account, every ledger
 * balance, the game accounts, the invite figures, the spin-wheel coins and the active bonus. No session check, no
 * HTTP, no JSON: the ceiling of a wallet read (the provider catalogue, which the server keeps in memory, is left out).
 */
export function bareWalletReadStatement(member: BenchMember): BareStatement {
  return {
    text: `select m.id, m.public_id, m.name, m.phone, m.currency, m.status, m.date_era, m.created_at,
        a.bank_code, a.account_no, a.account_name, a.changed_at, b.numeric_code, b.name_th, b.name_en,
        (select json_agg(json_build_object('kind', l.kind, 'provider', l.provider,
          'amount', (l.balance - l.reserved)::text)) from ledger_accounts l where l.member_id = m.id) as balances,
        (select json_agg(g) from member_game_accounts g where g.member_id = m.id) as games,
        (select coalesce(sum(amount), 0)::text from invite_accruals i
          where i.member_id = m.id and i.collection_id is null) as invite_total,
        (select count(*) from members f where f.invited_by = m.id) as invited,
        (select count(*) from members f where f.invited_by = m.id and exists (select 1 from ledger_transfers t
          where t.member_id = f.id and t.kind = 'deposit' and t.status = 'posted')) as invited_deposited,
        (select coins from member_spin_state s where s.member_id = m.id) as coins,
        (select id from member_bonuses mb where mb.member_id = m.id and mb.status = 'active') as active_bonus
      from members m
        left join member_bank_accounts a on a.member_id = m.id
        left join banks b on b.code = a.bank_code
      where m.id = $1`,
    values: [member.memberId],
    rows: 1,
  };
}
