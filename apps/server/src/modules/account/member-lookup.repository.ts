import type { Queryable } from '@/db/database.ts';
import { escapeLike } from '@/db/like-pattern.ts';
import type { MembersTable } from '@/db/schema.ts';

/**
 * The back office's reads of members for the money-in queues (docs/back-office/money-in.md): who an item belongs to,
 * and which members a bank line nobody owns may belong to. The account module owns these tables.
 */

export type QueueMemberRow = {
  id: string;
  publicId: string;
  phone: string;
  name: string;
  currency: MembersTable['currency'];
  bank: { code: string; accountNo: string; accountName: string } | null;
};

const selectQueueMembers = (db: Queryable) =>
  db
    .selectFrom('members as m')
    .leftJoin('member_bank_accounts as a', 'a.member_id', 'm.id')
    .select(['m.id', 'm.public_id', 'm.phone', 'm.name', 'm.currency'])
    .select(['a.bank_code', 'a.account_no', 'a.account_name']);

type Row = Awaited<ReturnType<ReturnType<typeof selectQueueMembers>['execute']>>[number];

const toQueueMember = (r: Row): QueueMemberRow => ({
  id: r.id,
  publicId: r.public_id,
  phone: r.phone,
  name: r.name,
  currency: r.currency,
  bank:
    r.bank_code && r.account_no
      ? { code: r.bank_code, accountNo: r.account_no, accountName: r.account_name ?? '' }
      : null,
});

export async function listQueueMembers(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, QueueMemberRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await selectQueueMembers(db).where('m.id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, toQueueMember(r)]));
}

/** Members a typed search names exactly: by phone, public id or registered account number (digits). */
export async function findMembersBySearch(
  db: Queryable,
  text: string,
  limit = 20,
): Promise<QueueMemberRow[]> {
  const digits = text.replace(/\D/g, '');
  const rows = await selectQueueMembers(db)
    .where((eb) =>
      eb.or([
        eb('m.phone', '=', text),
        eb('m.public_id', '=', text),
        ...(digits.length >= 6
          ? [eb('a.account_no', '=', digits), eb('m.phone', '=', digits)]
          : []),
      ]),
    )
    .limit(limit)
    .execute();
  return rows.map(toQueueMember);
}

/** Members whose registered account number is like the pattern (`_` one digit, `%` any: a masked or partial number). */
export async function findMembersByAccountLike(
  db: Queryable,
  pattern: string,
  limit = 20,
): Promise<QueueMemberRow[]> {
  const rows = await selectQueueMembers(db)
    .where('a.account_no', 'like', pattern)
    .limit(limit)
    .execute();
  return rows.map(toQueueMember);
}

/** Members whose name or account name contains any of the words (case-insensitive), for scoring by the caller. */
export async function findMembersByNameWords(
  db: Queryable,
  words: readonly string[],
  limit = 50,
): Promise<QueueMemberRow[]> {
  if (words.length === 0) return [];
  const rows = await selectQueueMembers(db)
    .where((eb) =>
      eb.or(
        words.flatMap((w) => {
          const like = `%${escapeLike(w)}%`;
          return [eb('m.name', 'ilike', like), eb('a.account_name', 'ilike', like)];
        }),
      ),
    )
    .limit(limit)
    .execute();
  return rows.map(toQueueMember);
}
