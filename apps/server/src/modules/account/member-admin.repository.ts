import { type Expression, type SqlBool } from 'kysely';
import type { Queryable } from '@/db/database.ts';
import type { MemberSearchField } from '@mekong/contracts/admin/members';
import { finder } from '@/db/finders.ts';
import { escapeLike } from '@/db/like-pattern.ts';
import { readPage, type PageWindow } from '@/db/paged.ts';
import type { MembersTable } from '@/db/schema.ts';
import { isUuid } from '@/lib/uuid.ts';

/**
 * The back office's reads and writes of `members` (docs/back-office/members.md); the account module owns the table, so
 * they live here.
 */

export type MemberListRow = {
  id: string;
  publicId: string;
  phone: string;
  name: string;
  currency: MembersTable['currency'];
  status: MembersTable['status'];
  bankCode: string | null;
  bankAccountNo: string | null;
  createdAt: Date;
};

/** `like` treats % and _ as wildcards: typed ones are matched literally. */

/** A phone as stored (0 and 9 digits) from what an operator may type: spaces, dashes, +66 or 66 in front. */
export function phoneDigits(query: string): string {
  const digits = query.replace(/\D/g, '');
  return /^66\d{9}$/.test(digits) ? `0${digits.slice(2)}` : digits;
}

/** One page of the members a query finds, newest first, and how many in all. */
export async function searchMembers(
  db: Queryable,
  search: { query: string; field: MemberSearchField },
  page: PageWindow,
): Promise<{ total: number; rows: MemberListRow[] }> {
  const { query, field } = search;
  const digits = phoneDigits(query);
  const base = db
    .selectFrom('members as m')
    .leftJoin('member_bank_accounts as a', 'a.member_id', 'm.id')
    .where((eb) => {
      const any: Expression<SqlBool>[] = [];
      const wants = (f: MemberSearchField) => field === 'any' || field === f;
      // Phone and account numbers match on a part of at least 4 digits, so support can search what the member reads out.
      if (wants('phone') && digits.length >= 4)
        any.push(eb('m.phone', 'like', `%${escapeLike(digits)}%`));
      if (wants('name')) any.push(eb('m.name', 'ilike', `%${escapeLike(query)}%`));
      if (wants('publicId')) any.push(eb('m.public_id', '=', query.toUpperCase()));
      if (wants('id') && isUuid(query)) any.push(eb('m.id', '=', query.toLowerCase()));
      if (wants('bankAccount') && digits.length >= 4)
        any.push(eb('a.account_no', 'like', `%${escapeLike(query.replace(/\D/g, ''))}%`));
      return any.length > 0 ? eb.or(any) : eb.val(false);
    });
  const { total, rows } = await readPage(
    base,
    (b) =>
      b
        .select([
          'm.id',
          'm.public_id',
          'm.phone',
          'm.name',
          'm.currency',
          'm.status',
          'm.created_at',
          'a.bank_code',
          'a.account_no',
        ])
        .orderBy('m.created_at', 'desc')
        .orderBy('m.id', 'desc'),
    page,
  );
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      publicId: r.public_id,
      phone: r.phone,
      name: r.name,
      currency: r.currency,
      status: r.status,
      bankCode: r.bank_code,
      bankAccountNo: r.account_no,
      createdAt: r.created_at,
    })),
  };
}

/** The member who invited this one, if any. */
export const findInviter = finder(
  (db: Queryable, memberId: string) =>
    db
      .selectFrom('members as m')
      .innerJoin('members as r', 'r.id', 'm.invited_by')
      .select(['r.id', 'r.public_id', 'r.name'])
      .where('m.id', '=', memberId),
  (row) => ({ id: row.id, publicId: row.public_id, name: row.name }),
);

/**
 * The member's status with the row locked (FOR NO KEY UPDATE: status is no key, so rows referencing the member may
 * still be inserted meanwhile), or undefined.
 */
export async function lockMemberStatus(
  trx: Queryable,
  memberId: string,
): Promise<{ status: MembersTable['status']; phone: string } | undefined> {
  return trx
    .selectFrom('members')
    .select(['status', 'phone'])
    .where('id', '=', memberId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

export async function setMemberStatus(
  trx: Queryable,
  memberId: string,
  status: MembersTable['status'],
  now: Date,
): Promise<void> {
  await trx
    .updateTable('members')
    .set({ status, updated_at: now })
    .where('id', '=', memberId)
    .execute();
}

/** The public id and name of each given member that exists (labels of lists that name members). */
export async function listMemberLabels(
  db: Queryable,
  memberIds: readonly string[],
): Promise<Map<string, { publicId: string; name: string }>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('members')
    .select(['id', 'public_id', 'name'])
    .where('id', 'in', [...new Set(memberIds)])
    .execute();
  return new Map(rows.map((r) => [r.id, { publicId: r.public_id, name: r.name }]));
}
