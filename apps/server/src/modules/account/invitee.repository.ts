import { sql } from 'kysely';
import type { Queryable } from '@/db/database.ts';
import { toDomainRow } from '@/db/domain-row.ts';
import type { PageWindow } from '@/db/paged.ts';
import type { MembersTable } from '@/db/schema.ts';

/**
 * The members a member invited (`members.invited_by`, written at registration), as the invite module reads them
 * (docs/decisions/0013-promotions.md#invite). The account module owns `members`, so these queries live here.
 */

export type Invitee = {
  id: string;
  publicId: string;
  name: string;
  createdAt: Date;
  hasDeposited: boolean;
};

/** Whether the member has a posted deposit: the ledger is the one record of money that came in. */
const hasDeposit = sql<boolean>`exists (select 1 from ledger_transfers t
  where t.member_id = m.id and t.kind = 'deposit' and t.status = 'posted')`;

/** One page of the inviter's invitees, newest first. */
export async function listInvitees(
  db: Queryable,
  inviterId: string,
  page: PageWindow,
): Promise<Invitee[]> {
  const rows = await db
    .selectFrom('members as m')
    .select(['m.id', 'm.public_id', 'm.name', 'm.created_at', hasDeposit.as('has_deposited')])
    .where('m.invited_by', '=', inviterId)
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return rows.map((r) => toDomainRow(r));
}

/** How many members the inviter invited, and how many of them have deposited. */
export async function countInvitees(
  db: Queryable,
  inviterId: string,
): Promise<{ total: number; deposited: number }> {
  const row = await db
    .selectFrom('members as m')
    .select([
      sql<string | number>`count(*)`.as('total'),
      sql<string | number>`count(*) filter (where ${hasDeposit})`.as('deposited'),
    ])
    .where('m.invited_by', '=', inviterId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), deposited: Number(row.deposited) };
}

export type InviteParty = {
  id: string;
  currency: MembersTable['currency'];
  phone: string;
  bankCode: string | null;
  accountNo: string | null;
};

/** The member's inviter, with both sides' phone and bank account (the self-invitation check), or undefined. */
export async function findInviteParties(
  db: Queryable,
  inviteeId: string,
): Promise<{ invitee: InviteParty; inviter: InviteParty } | undefined> {
  const row = await db
    .selectFrom('members as e')
    .innerJoin('members as r', 'r.id', 'e.invited_by')
    .leftJoin('member_bank_accounts as ea', 'ea.member_id', 'e.id')
    .leftJoin('member_bank_accounts as ra', 'ra.member_id', 'r.id')
    .select([
      'e.id as e_id',
      'e.currency as e_currency',
      'e.phone as e_phone',
      'ea.bank_code as e_bank',
      'ea.account_no as e_no',
      'r.id as r_id',
      'r.currency as r_currency',
      'r.phone as r_phone',
      'ra.bank_code as r_bank',
      'ra.account_no as r_no',
    ])
    .where('e.id', '=', inviteeId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    invitee: {
      id: row.e_id,
      currency: row.e_currency,
      phone: row.e_phone,
      bankCode: row.e_bank,
      accountNo: row.e_no,
    },
    inviter: {
      id: row.r_id,
      currency: row.r_currency,
      phone: row.r_phone,
      bankCode: row.r_bank,
      accountNo: row.r_no,
    },
  };
}

/** What an invitee shares with their inviter (docs/decisions/0013-promotions.md#earned-by-play). */
export type SharedTrait = 'address' | 'device' | 'accountName';

/**
 * The traits two members share: an address either signed in or asked a one-time code from (sessions, otp_requests),
 * the same browser (a session's user-agent string), or the same bank-account name (case and spaces ignored).
 */
export async function findSharedTraits(
  db: Queryable,
  inviteeId: string,
  inviterId: string,
): Promise<SharedTrait[]> {
  const addressesOf = (memberId: string) => sql`(
    select s.ip from sessions s where s.member_id = ${memberId} and s.ip is not null
    union
    select o.ip from otp_requests o join members m on m.phone = o.phone
      where m.id = ${memberId} and o.ip is not null)`;
  const agentsOf = (memberId: string) =>
    sql`(select s.user_agent from sessions s where s.member_id = ${memberId} and s.user_agent is not null)`;
  const nameOf = (memberId: string) =>
    sql`(select upper(regexp_replace(trim(b.account_name), '\\s+', ' ', 'g'))
      from member_bank_accounts b where b.member_id = ${memberId})`;
  const { rows } = await sql<{ address: boolean; device: boolean; account_name: boolean }>`select
      exists (select 1 from ${addressesOf(inviteeId)} a where a.ip in ${addressesOf(inviterId)}) as address,
      exists (select 1 from ${agentsOf(inviteeId)} d where d.user_agent in ${agentsOf(inviterId)}) as device,
      coalesce(${nameOf(inviteeId)} = ${nameOf(inviterId)}, false) as account_name`.execute(db);
  const row = rows[0];
  if (!row) return [];
  const traits: SharedTrait[] = [];
  if (row.address) traits.push('address');
  if (row.device) traits.push('device');
  if (row.account_name) traits.push('accountName');
  return traits;
}

export type MemberBrief = { id: string; publicId: string; phone: string; name: string };

/** Who these members are, for the back office's review of held invites. */
export async function findMemberBriefs(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, MemberBrief>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('members')
    .select(['id', 'public_id', 'phone', 'name'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(
    rows.map((r) => [r.id, { id: r.id, publicId: r.public_id, phone: r.phone, name: r.name }]),
  );
}
