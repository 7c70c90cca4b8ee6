import { sql, type Kysely } from 'kysely';
import type { Country } from '@mekong/contracts/constants';
import type { Database } from '@/db/schema.ts';

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

export function listOperatorAccounts(db: Kysely<Database>) {
  return db
    .selectFrom('operator_accounts as a')
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
      'b.name_th',
      'b.name_en',
    ])
    .where('a.is_enabled', '=', true)
    .orderBy('a.sort_order')
    .orderBy('a.account_no')
    .execute();
}

/** The enabled operator bank accounts that take deposits, with their banks' clearing codes (slips are paid to them). */
export function listDepositBankAccounts(db: Kysely<Database>) {
  return db
    .selectFrom('operator_accounts as a')
    .innerJoin('banks as b', 'b.code', 'a.channel')
    .select(['a.account_no', 'b.numeric_code'])
    .where('a.kind', '=', 'bank')
    .where('a.bank_type', 'in', ['deposit', 'both'])
    .where('a.is_enabled', '=', true)
    .execute();
}

/** The operator's first enabled TrueMoney wallet number (gift vouchers are redeemed to it). */
export async function findTrueMoneyWalletNo(db: Kysely<Database>): Promise<string | undefined> {
  const wallet = await db
    .selectFrom('operator_accounts')
    .select('account_no')
    .where('kind', '=', 'wallet')
    .where('channel', '=', 'truemoney')
    .where('is_enabled', '=', true)
    .orderBy('sort_order')
    .executeTakeFirst();
  return wallet?.account_no;
}
