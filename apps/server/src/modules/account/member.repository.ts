import { sql } from 'kysely';
import type { Queryable } from '@/db/database.ts';
import type { DateEra } from '@mekong/contracts/constants';
import { finder } from '@/db/finders.ts';
import { playerDayOf } from '@/db/player-day.ts';
import type { MembersTable } from '@/db/schema.ts';
import { isUuid } from '@/lib/uuid.ts';

/**
 * What other modules read of a member: the account module owns `members` and `member_bank_accounts`, so these are
 * the only queries of them outside it (a Transaction is a Kysely too: each runs on the db or the caller's trx).
 */

export type MemberCurrencyRow = { publicId: string; currency: MembersTable['currency'] };

export const findMemberCurrency = finder(
  (db: Queryable, memberId: string) =>
    db.selectFrom('members').select(['public_id', 'currency']).where('id', '=', memberId),
  (row): MemberCurrencyRow => ({ publicId: row.public_id, currency: row.currency }),
);

/** The registration currency of each given member that exists. */
export async function listMemberCurrencies(
  db: Queryable,
  memberIds: readonly string[],
): Promise<Map<string, MembersTable['currency']>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('members')
    .select(['id', 'currency'])
    .where('id', 'in', [...memberIds])
    .execute();
  return new Map(rows.map((r) => [r.id, r.currency]));
}

/**
 * Locks the member's row within the caller's transaction, so one member's money requests of one kind are decided one
 * at a time (FOR NO KEY UPDATE does not block inserts referencing the member). False when there is no such member.
 */
export async function lockMember(trx: Queryable, memberId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('members')
    .select('id')
    .where('id', '=', memberId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

export type MemberWithBank = {
  id: string;
  publicId: string;
  name: string;
  phone: string;
  currency: MembersTable['currency'];
  status: MembersTable['status'];
  dateEra: DateEra | null;
  createdAt: Date;
  /**
   * The registered bank account, with the bank's 3-digit clearing code where it has one, and when its bank or number
   * last changed (null: as registered).
   */
  bank: {
    code: string;
    numericCode: string | null;
    accountNo: string;
    accountName: string;
    changedAt: Date | null;
    nameTh: string;
    nameEn: string;
  } | null;
};

/** The member with their registered bank account (the only place money is paid out to). */
export const findMemberWithBank = finder(
  (db: Queryable, memberId: string) =>
    db
      .selectFrom('members as m')
      .leftJoin('member_bank_accounts as a', 'a.member_id', 'm.id')
      .leftJoin('banks as b', 'b.code', 'a.bank_code')
      .select([
        'm.id',
        'm.public_id',
        'm.name',
        'm.phone',
        'm.currency',
        'm.status',
        'm.date_era',
        'm.created_at',
      ])
      .select(['a.bank_code', 'a.account_no', 'a.account_name', 'a.changed_at'])
      .select(['b.numeric_code', 'b.name_th', 'b.name_en'])
      .where('m.id', '=', memberId),
  (row): MemberWithBank => {
    const { bank_code: code, account_no: accountNo, account_name: accountName } = row;
    return {
      id: row.id,
      publicId: row.public_id,
      name: row.name,
      phone: row.phone,
      currency: row.currency,
      status: row.status,
      dateEra: row.date_era,
      createdAt: row.created_at,
      bank:
        code && accountNo && accountName !== null
          ? {
              code,
              numericCode: row.numeric_code,
              accountNo,
              accountName,
              changedAt: row.changed_at === null ? null : new Date(row.changed_at),
              nameTh: row.name_th ?? code,
              nameEn: row.name_en ?? code,
            }
          : null,
    };
  },
);

/**
 * The member whose registered account is this one. The bank may name the bank by our code (KBANK) or by its
 * clearing number (004).
 */
export async function findMemberByBankAccount(
  db: Queryable,
  bankCode: string,
  accountNo: string,
): Promise<{ memberId: string; currency: MembersTable['currency'] } | undefined> {
  const row = await db
    .selectFrom('member_bank_accounts as a')
    .innerJoin('members as m', 'm.id', 'a.member_id')
    .innerJoin('banks as b', 'b.code', 'a.bank_code')
    .select(['m.id', 'm.currency'])
    .where('a.account_no', '=', accountNo)
    .where((eb) =>
      eb.or([eb('a.bank_code', '=', bankCode.toUpperCase()), eb('b.numeric_code', '=', bankCode)]),
    )
    .executeTakeFirst();
  return row && { memberId: row.id, currency: row.currency };
}

/** Members registered in [start, end), counted per players' day and currency (the back office's reports). */
export async function countRegistrationsByDay(
  db: Queryable,
  start: Date,
  end: Date,
): Promise<{ day: number; currency: MembersTable['currency']; count: number }[]> {
  const rows = await db
    .selectFrom('members')
    .select([
      playerDayOf('created_at').as('day'),
      'currency',
      (eb) => eb.fn.countAll<string | number>().as('n'),
    ])
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .groupBy([sql`1`, 'currency'])
    .execute();
  return rows.map((r) => ({ day: Number(r.day), currency: r.currency, count: Number(r.n) }));
}

/** The member an operator names by phone, public id or id (the back office's lookups); undefined: none. */
export async function findMemberIdByKey(db: Queryable, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('phone', '=', key),
        eb('public_id', '=', key),
        ...(isUuid(key) ? [eb('id', '=', key.toLowerCase())] : []),
      ]),
    )
    .orderBy('created_at')
    .executeTakeFirst();
  return row?.id;
}
