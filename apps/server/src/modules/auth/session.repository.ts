import { sql, type Kysely } from 'kysely';
import { playerDayOf } from '@/db/player-day.ts';
import type { Database, MembersTable } from '@/db/schema.ts';

export function insertSession(
  db: Kysely<Database>,
  session: {
    id: string;
    memberId: string;
    tokenHash: string;
    homeKeyHash: string;
    now: Date;
    ip: string | null;
    userAgent: string | null;
  },
) {
  return db
    .insertInto('sessions')
    .values({
      id: session.id,
      member_id: session.memberId,
      token_hash: session.tokenHash,
      home_key_hash: session.homeKeyHash,
      created_at: session.now,
      last_used_at: session.now,
      ip: session.ip,
      user_agent: session.userAgent,
    })
    .execute();
}

export type SessionUse = {
  id: string;
  token_hash: string;
  member_id: string;
  revoked_at: Date | null;
  last_used_at: Date;
  created_at: Date;
  status: string;
};

/**
 * One round trip for a batch of signed-in calls: each session with its member's status, and, for each one that is live
 * and whose last use is recorded before `touchBefore`, the new last use (so a busy session is written at most once a
 * minute, not on every call). Tokens no session has are absent from the answer.
 */
export async function useSessions(
  db: Kysely<Database>,
  tokenHashes: readonly string[],
  times: { now: Date; idleSince: Date; touchBefore: Date },
): Promise<SessionUse[]> {
  const result = await sql<SessionUse>`
    with s as (
      select s.id, s.token_hash, s.member_id, s.revoked_at, s.last_used_at, s.created_at, m.status
      from sessions s join members m on m.id = s.member_id
      where s.token_hash = any(${[...tokenHashes]}::text[])
    ), touched as (
      update sessions set last_used_at = ${times.now}
      where id in (select id from s) and revoked_at is null
        and last_used_at > ${times.idleSince} and last_used_at < ${times.touchBefore}
      returning id
    )
    select id, token_hash, member_id, revoked_at, last_used_at, created_at, status from s`.execute(
    db,
  );
  return result.rows;
}

/** Gives a session its home page key (docs/decisions/0021-member-home-page.md); the same key again changes nothing. */
export async function setHomeKeyHash(db: Kysely<Database>, sessionId: string, homeKeyHash: string) {
  await db
    .updateTable('sessions')
    .set({ home_key_hash: homeKeyHash })
    .where('id', '=', sessionId)
    .where((eb) => eb.or([eb('home_key_hash', 'is', null), eb('home_key_hash', '!=', homeKeyHash)]))
    .execute();
}

/** The token hash of the session a home page key belongs to, if any. */
export async function findTokenHashByHomeKey(
  db: Kysely<Database>,
  homeKeyHash: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select('token_hash')
    .where('home_key_hash', '=', homeKeyHash)
    .executeTakeFirst();
  return row?.token_hash;
}

/**
 * Ends sessions: one (sign-out), or every one of a member but the one kept (a payout account or password change), or
 * all of them (a password reset: whoever held a session may have known the old password). Answers the ids it ended.
 */
export function revokeSessions(
  db: Kysely<Database>,
  which: { sessionId: string } | { memberId: string; keepSessionId?: string },
  now: Date,
) {
  let query = db.updateTable('sessions').set({ revoked_at: now }).where('revoked_at', 'is', null);
  if ('sessionId' in which) query = query.where('id', '=', which.sessionId);
  else {
    query = query.where('member_id', '=', which.memberId);
    if (which.keepSessionId !== undefined) query = query.where('id', '!=', which.keepSessionId);
  }
  return query
    .returning('id')
    .execute()
    .then((rows) => rows.map((r) => r.id));
}

/** Of these sessions, the ones still live (not revoked or expired, member active), read without touching them. */
export async function findLiveSessionIds(
  db: Kysely<Database>,
  sessionIds: readonly string[],
  times: { idleSince: Date; begunAfter: Date },
): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('sessions as s')
    .innerJoin('members as m', 'm.id', 's.member_id')
    .select('s.id')
    .where('s.id', 'in', [...sessionIds])
    .where('s.revoked_at', 'is', null)
    .where('s.last_used_at', '>', times.idleSince)
    .where('s.created_at', '>', times.begunAfter)
    .where('m.status', '=', 'active')
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Deletes sessions revoked before `revokedBefore` or last used before `lastUsedBefore` (housekeeping). */
export async function deleteDeadSessions(
  db: Kysely<Database>,
  cutoffs: { revokedBefore: Date; lastUsedBefore: Date },
): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('revoked_at', '<', cutoffs.revokedBefore),
        eb('last_used_at', '<', cutoffs.lastUsedBefore),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The member's newest sessions, live and ended, for the back office's member page. */
export function listMemberSessions(db: Kysely<Database>, memberId: string, limit: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'ip', 'user_agent', 'created_at', 'last_used_at', 'revoked_at'])
    .where('member_id', '=', memberId)
    .orderBy('last_used_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Members who signed in (a session began) on each players' day of [start, end), with their currency (reports). */
export async function listSignInDays(
  db: Kysely<Database>,
  start: Date,
  end: Date,
): Promise<{ day: number; memberId: string; currency: MembersTable['currency'] }[]> {
  const rows = await db
    .selectFrom('sessions as s')
    .innerJoin('members as m', 'm.id', 's.member_id')
    .select([playerDayOf('s.created_at').as('day'), 's.member_id', 'm.currency'])
    .distinct()
    .where('s.created_at', '>=', start)
    .where('s.created_at', '<', end)
    .execute();
  return rows.map((r) => ({ day: Number(r.day), memberId: r.member_id, currency: r.currency }));
}
