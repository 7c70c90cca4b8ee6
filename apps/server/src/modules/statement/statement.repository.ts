import { sql, type Kysely } from 'kysely';
import type { Database, LedgerTransferKind } from '@/db/schema.ts';
import {
  KINDS_NOT_IN_STATEMENT,
  type StatementTransfer,
} from '@/modules/statement/statement-mapping.ts';

type Row = {
  id: string;
  kind: LedgerTransferKind;
  status: 'pending' | 'posted' | 'voided';
  amount: string;
  created_at: Date;
  metadata: Record<string, unknown> | null;
  debit_member_id: string | null;
  debit_kind: string;
  debit_provider: string | null;
  credit_member_id: string | null;
  credit_kind: string;
  credit_provider: string | null;
};

/** The member's statement transfers, newest first, and how many there are in all. */
export async function listStatementTransfers(
  db: Kysely<Database>,
  memberId: string,
  page: { offset: number; limit: number },
): Promise<{ total: number; transfers: StatementTransfer[] }> {
  const base = db
    .selectFrom('ledger_transfers as t')
    .where('t.member_id', '=', memberId)
    .where('t.kind', 'not in', [...KINDS_NOT_IN_STATEMENT]);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
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
      .orderBy('t.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute() as Promise<Row[]>,
  ]);
  return {
    total: Number(count.n),
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
