import type { Kysely } from 'kysely';
import type { DateEra } from '@mekong/contracts/constants';
import type { Database, NewMember } from '@/db/schema.ts';
import { hasAnyRow } from '@/db/any-row.ts';

export function findMemberByPhone(db: Kysely<Database>, phone: string) {
  return db
    .selectFrom('members')
    .select(['id', 'public_id', 'password_hash', 'status'])
    .where('phone', '=', phone)
    .executeTakeFirst();
}

export function findMemberIdByPublicId(db: Kysely<Database>, publicId: string) {
  return db.selectFrom('members').select('id').where('public_id', '=', publicId).executeTakeFirst();
}

export function findPasswordHash(db: Kysely<Database>, memberId: string) {
  return db
    .selectFrom('members')
    .select('password_hash')
    .where('id', '=', memberId)
    .executeTakeFirst();
}

export function findEnabledBank(db: Kysely<Database>, code: string) {
  return db
    .selectFrom('banks')
    .select(['code', 'name_th', 'name_en', 'is_english_name_required'])
    .where('code', '=', code)
    .where('is_enabled', '=', true)
    .executeTakeFirst();
}

export async function isEnabledSource(db: Kysely<Database>, code: string): Promise<boolean> {
  return hasAnyRow(
    db.selectFrom('sources').where('code', '=', code).where('is_enabled', '=', true),
  );
}

/** Whether another member already registered this bank account. */
export async function isBankAccountTaken(
  db: Kysely<Database>,
  bankCode: string,
  accountNo: string,
  exceptMemberId?: string,
): Promise<boolean> {
  let query = db
    .selectFrom('member_bank_accounts')
    .where('bank_code', '=', bankCode)
    .where('account_no', '=', accountNo);
  if (exceptMemberId) query = query.where('member_id', '!=', exceptMemberId);
  return hasAnyRow(query);
}

export async function insertMemberWithBankAccount(
  db: Kysely<Database>,
  member: NewMember,
  account: { id: string; bankCode: string; accountName: string; accountNo: string },
) {
  await db.insertInto('members').values(member).execute();
  await db
    .insertInto('member_bank_accounts')
    .values({
      id: account.id,
      member_id: member.id,
      bank_code: account.bankCode,
      account_name: account.accountName,
      account_no: account.accountNo,
      created_at: member.created_at,
      updated_at: member.created_at,
    })
    .execute();
}

/** The member's own settings that need no re-check: the display name and the year count of dates. */
export async function updateMemberFields(
  db: Kysely<Database>,
  memberId: string,
  fields: { name?: string; date_era?: DateEra },
  now: Date,
) {
  await db
    .updateTable('members')
    .set({ ...fields, updated_at: now })
    .where('id', '=', memberId)
    .execute();
}

/** A change of the payout account (bank or number): records when, for the withdrawal approval rule. */
export async function updateBankAccount(
  db: Kysely<Database>,
  memberId: string,
  account: { bankCode: string; accountName: string; accountNo: string },
  now: Date,
) {
  await db
    .updateTable('member_bank_accounts')
    .set({
      bank_code: account.bankCode,
      account_name: account.accountName,
      account_no: account.accountNo,
      updated_at: now,
      changed_at: now,
    })
    .where('member_id', '=', memberId)
    .execute();
}

export async function updateBankAccountName(
  db: Kysely<Database>,
  memberId: string,
  bankCode: string,
  accountName: string,
  now: Date,
) {
  const result = await db
    .updateTable('member_bank_accounts')
    .set({ account_name: accountName, updated_at: now })
    .where('member_id', '=', memberId)
    .where('bank_code', '=', bankCode)
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0n) > 0;
}

export async function updatePasswordHash(
  db: Kysely<Database>,
  memberId: string,
  passwordHash: string,
  now: Date,
) {
  await db
    .updateTable('members')
    .set({ password_hash: passwordHash, updated_at: now })
    .where('id', '=', memberId)
    .execute();
}
