import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, OperatorAccountsTable } from '@/db/schema.ts';
import { hasAnyRow } from '@/db/any-row.ts';

/** The operator's deposit accounts as the back office edits them (the lookup module owns operator_accounts). */
export type OperatorAccountRow = Selectable<OperatorAccountsTable>;
export type OperatorAccountFields = Pick<
  OperatorAccountRow,
  | 'kind'
  | 'channel'
  | 'bank_type'
  | 'mode'
  | 'account_name'
  | 'account_no'
  | 'currency'
  | 'is_enabled'
>;

/** Every operator account, enabled or not, in the operator's order. */
export function listAllOperatorAccounts(db: Kysely<Database>): Promise<OperatorAccountRow[]> {
  return db
    .selectFrom('operator_accounts')
    .selectAll()
    .orderBy('sort_order')
    .orderBy('account_no')
    .execute();
}

export function lockOperatorAccount(trx: Transaction<Database>, id: string) {
  return trx
    .selectFrom('operator_accounts')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Whether another account has the same kind, channel and number (the table's unique key). */
export async function hasSameAccount(
  trx: Transaction<Database>,
  fields: Pick<OperatorAccountRow, 'kind' | 'channel' | 'account_no'>,
  exceptId: string | null,
): Promise<boolean> {
  let query = trx
    .selectFrom('operator_accounts')
    .where('kind', '=', fields.kind)
    .where('channel', '=', fields.channel)
    .where('account_no', '=', fields.account_no);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return hasAnyRow(query);
}

/** A new account goes last in the operator's order. */
export async function insertOperatorAccount(
  trx: Transaction<Database>,
  row: OperatorAccountFields & { id: string; created_at: Date },
): Promise<OperatorAccountRow> {
  const last = await trx
    .selectFrom('operator_accounts')
    .select((eb) => eb.fn.max('sort_order').as('max'))
    .executeTakeFirst();
  return trx
    .insertInto('operator_accounts')
    .values({ ...row, sort_order: Number(last?.max ?? 0) + 1 })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateOperatorAccount(
  trx: Transaction<Database>,
  id: string,
  fields: OperatorAccountFields,
): Promise<OperatorAccountRow> {
  return trx
    .updateTable('operator_accounts')
    .set(fields)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Every account's row locked, for a reorder that must name each of them once. */
export function lockAllOperatorAccounts(trx: Transaction<Database>) {
  return trx
    .selectFrom('operator_accounts')
    .select(['id', 'sort_order'])
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function setOperatorAccountOrder(
  trx: Transaction<Database>,
  id: string,
  sortOrder: number,
): Promise<void> {
  await trx
    .updateTable('operator_accounts')
    .set({ sort_order: sortOrder })
    .where('id', '=', id)
    .execute();
}

export async function isKnownBank(db: Kysely<Database>, code: string): Promise<boolean> {
  return hasAnyRow(db.selectFrom('banks').where('code', '=', code));
}
