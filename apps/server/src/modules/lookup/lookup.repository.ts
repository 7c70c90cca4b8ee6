import { sql, type Kysely } from 'kysely';
import type { Country } from '@mekong/contracts/constants';
import type { Database } from '@/db/schema.ts';
import { finder } from '@/db/finders.ts';

export function listEnabledBanks(db: Kysely<Database>, country: Country) {
  return (
    db
      .selectFrom('banks')
      .select(['code', 'name_th', 'name_en', 'country', 'is_english_name_required'])
      .where('is_enabled', '=', true)
      // The deployment's own country first, then the operator's order.
      .orderBy(sql`case when country = ${country} then 0 else 1 end`)
      .orderBy('sort_order')
      .orderBy('code')
      .execute()
  );
}

export function listEnabledSources(db: Kysely<Database>) {
  return db
    .selectFrom('sources')
    .select(['code', 'description_th', 'description_la', 'description_en'])
    .where('is_enabled', '=', true)
    .orderBy('sort_order')
    .orderBy('code')
    .execute();
}

/** The operator's accounts that are switched on, in the order the operator set (every reader starts here). */
function enabledOperatorAccounts(db: Kysely<Database>) {
  return db
    .selectFrom('operator_accounts as a')
    .where('a.is_enabled', '=', true)
    .orderBy('a.sort_order')
    .orderBy('a.account_no');
}

export function listOperatorAccounts(db: Kysely<Database>) {
  return enabledOperatorAccounts(db)
    .leftJoin('banks as b', (join) =>
      join.onRef('b.code', '=', 'a.channel').on('a.kind', '=', 'bank'),
    )
    .select([
      'a.kind',
      'a.channel',
      'a.bank_type',
      'a.mode',
      'a.account_name',
      'a.account_no',
      'a.currency',
    ])
    .select(['b.name_th', 'b.name_en'])
    .execute();
}

/** The enabled operator bank accounts that take deposits, with their banks' clearing codes (slips are paid to them). */
export function listDepositBankAccounts(db: Kysely<Database>) {
  return enabledOperatorAccounts(db)
    .innerJoin('banks as b', 'b.code', 'a.channel')
    .select(['a.account_no', 'b.numeric_code'])
    .where('a.kind', '=', 'bank')
    .where('a.bank_type', 'in', ['deposit', 'both'])
    .execute();
}

/** The operator's first enabled TrueMoney wallet number (gift vouchers are redeemed to it). */
export async function findTrueMoneyWalletNo(db: Kysely<Database>): Promise<string | undefined> {
  const wallet = await enabledOperatorAccounts(db)
    .select('a.account_no')
    .where('a.kind', '=', 'wallet')
    .where('a.channel', '=', 'truemoney')
    .executeTakeFirst();
  return wallet?.account_no;
}

/** A bank's 3-digit clearing code, by our code for it (KBANK → 004); null for a bank without one. */
export const findClearingCode = finder(
  (db: Kysely<Database>, code: string) =>
    db.selectFrom('banks').select('numeric_code').where('code', '=', code),
  (row) => row.numeric_code,
);

/** Every bank's code by its 3-digit clearing code (slips and some bank lines name the bank by number only). */
export function listBankClearingCodes(db: Kysely<Database>) {
  return db
    .selectFrom('banks')
    .select(['code', 'numeric_code'])
    .where('numeric_code', 'is not', null)
    .execute();
}
