import type { Kysely } from 'kysely';
import type { Database } from '@/db/schema.ts';

export function insertSession(
  db: Kysely<Database>,
  session: {
    id: string;
    memberId: string;
    tokenHash: string;
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
      created_at: session.now,
      last_used_at: session.now,
      ip: session.ip,
      user_agent: session.userAgent,
    })
    .execute();
}

/** Marks a live session as used, in one statement so expiry and use cannot race. Undefined when not live. */
export function touchLiveSession(
  db: Kysely<Database>,
  tokenHash: string,
  now: Date,
  idleSince: Date,
) {
  return db
    .updateTable('sessions')
    .set({ last_used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('last_used_at', '>', idleSince)
    .returning(['id', 'member_id'])
    .executeTakeFirst();
}

export function findSessionByTokenHash(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export function revokeSession(db: Kysely<Database>, sessionId: string, now: Date) {
  return db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

export function revokeOtherSessions(
  db: Kysely<Database>,
  memberId: string,
  keepSessionId: string,
  now: Date,
) {
  return db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('member_id', '=', memberId)
    .where('id', '!=', keepSessionId)
    .where('revoked_at', 'is', null)
    .execute();
}
