import { sql } from 'kysely';
import type { Queryable } from '@/db/database.ts';
import type { SharedTrait } from '@/modules/account/invitee.repository.ts';

export type LinkedMember = {
  id: string;
  publicId: string;
  phone: string;
  name: string;
  traits: SharedTrait[];
};

/**
 * The other members linked to one by the promotions' shared-trait rule (invitee.repository.ts#findSharedTraits): an
 * address either signed in or asked a one-time code from, the same browser, or the same bank-account name. Those with
 * the most traits first, then the newest; `limit` of them and how many there are in all (docs/back-office/triage.md).
 */
export async function findLinkedMembers(
  db: Queryable,
  memberId: string,
  limit: number,
): Promise<{ total: number; members: LinkedMember[] }> {
  const normalName = (column: string) =>
    sql`upper(regexp_replace(trim(${sql.ref(column)}), '\\s+', ' ', 'g'))`;
  const { rows } = await sql<{
    id: string;
    public_id: string;
    phone: string;
    name: string;
    address: boolean;
    device: boolean;
    account_name: boolean;
    total: string | number;
  }>`with
    my_ips as (
      select s.ip from sessions s where s.member_id = ${memberId} and s.ip is not null
      union
      select o.ip from otp_requests o join members m on m.phone = o.phone
        where m.id = ${memberId} and o.ip is not null),
    my_agents as (
      select s.user_agent from sessions s where s.member_id = ${memberId} and s.user_agent is not null),
    my_names as (
      select ${normalName('b.account_name')} as n from member_bank_accounts b where b.member_id = ${memberId}),
    traits as (
      select s.member_id as id, 'address' as trait from sessions s where s.ip in (select ip from my_ips)
      union
      select m.id, 'address' from otp_requests o join members m on m.phone = o.phone
        where o.ip in (select ip from my_ips)
      union
      select s.member_id, 'device' from sessions s where s.user_agent in (select user_agent from my_agents)
      union
      select b.member_id, 'accountName' from member_bank_accounts b
        where ${normalName('b.account_name')} in (select n from my_names)),
    linked as (
      select id,
        bool_or(trait = 'address') as address,
        bool_or(trait = 'device') as device,
        bool_or(trait = 'accountName') as account_name
      from traits where id is not null and id <> ${memberId} group by id)
    select m.id, m.public_id, m.phone, m.name, l.address, l.device, l.account_name,
      count(*) over () as total
    from linked l join members m on m.id = l.id
    order by (l.address::int + l.device::int + l.account_name::int) desc, m.created_at desc, m.id
    limit ${limit}`.execute(db);
  return {
    total: Number(rows[0]?.total ?? 0),
    members: rows.map((r) => ({
      id: r.id,
      publicId: r.public_id,
      phone: r.phone,
      name: r.name,
      traits: [
        ...(r.address ? (['address'] as const) : []),
        ...(r.device ? (['device'] as const) : []),
        ...(r.account_name ? (['accountName'] as const) : []),
      ],
    })),
  };
}

/** When the member registered (undefined: no such member). */
export async function findMemberSince(db: Queryable, memberId: string): Promise<Date | undefined> {
  const row = await db
    .selectFrom('members')
    .select('created_at')
    .where('id', '=', memberId)
    .executeTakeFirst();
  return row?.created_at;
}
