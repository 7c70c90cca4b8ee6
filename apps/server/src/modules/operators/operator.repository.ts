import { type Kysely, type Transaction, type Updateable } from 'kysely';
import { lockedIf } from '@/db/lockable.ts';
import type {
  Database,
  OperatorRole,
  OperatorSessionsTable,
  OperatorStatus,
  OperatorsTable,
} from '@/db/schema.ts';

type Q = Kysely<Database> | Transaction<Database>;

export function findOperatorByUsername(db: Q, username: string) {
  return db.selectFrom('operators').selectAll().where('username', '=', username).executeTakeFirst();
}

export function findOperatorById(db: Q, id: string, options: { isLocked?: boolean } = {}) {
  const query = db.selectFrom('operators').selectAll().where('id', '=', id);
  return lockedIf(query, options, 'update').executeTakeFirst();
}

export function countOperators(db: Q) {
  return db
    .selectFrom('operators')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export function insertOperator(
  db: Q,
  row: {
    id: string;
    username: string;
    displayName: string;
    role: OperatorRole;
    passwordHash: string;
    now: Date;
    /** The password was given by someone else: the operator chooses their own at the first sign-in. */
    mustSetPassword?: boolean;
    status?: OperatorStatus;
  },
) {
  return db
    .insertInto('operators')
    .values({
      id: row.id,
      username: row.username,
      display_name: row.displayName,
      role: row.role,
      password_hash: row.passwordHash,
      must_set_password: row.mustSetPassword ?? false,
      status: row.status ?? 'active',
      totp_secret: null,
      totp_enrolled_at: null,
      totp_last_step: null,
      locked_until: null,
      created_at: row.now,
      updated_at: row.now,
    })
    .onConflict((oc) => oc.column('username').doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** A lock of the name at some address, until `until`: what the owners' list shows (sign-in reads the counters). */
export function markLockedSomewhere(db: Q, username: string, until: Date) {
  return db
    .updateTable('operators')
    .set({ locked_until: until })
    .where('username', '=', username.trim().toLowerCase())
    .execute();
}

/** Whether the operator named `username` opened a session from `ip` since `since` (a familiar address). */
export async function hasSignedInFrom(db: Q, username: string, ip: string | null, since: Date) {
  if (ip === null) return false;
  const row = await db
    .selectFrom('operator_sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .select('s.id')
    .where('o.username', '=', username)
    .where('s.ip', '=', ip)
    .where('s.stage', '=', 'signed_in')
    .where('s.created_at', '>=', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** An update of one operator's columns, stamped with the time of the change, to run or to narrow further. */
function updateOperator(db: Q, operatorId: string, columns: Updateable<OperatorsTable>, now: Date) {
  return db
    .updateTable('operators')
    .set({ ...columns, updated_at: now })
    .where('id', '=', operatorId);
}

export function clearFailedTries(db: Q, operatorId: string, now: Date) {
  return updateOperator(db, operatorId, { failed_attempts: 0, locked_until: null }, now).execute();
}

export function saveTotpSecret(db: Q, operatorId: string, secret: string, now: Date) {
  return updateOperator(db, operatorId, { totp_secret: secret }, now)
    .where('totp_enrolled_at', 'is', null)
    .execute();
}

export function markEnrolled(db: Q, operatorId: string, step: number, now: Date) {
  return updateOperator(
    db,
    operatorId,
    { totp_enrolled_at: now, totp_last_step: String(step) },
    now,
  )
    .where('totp_enrolled_at', 'is', null)
    .executeTakeFirst();
}

/** Accepts a TOTP step only if it is later than the last one accepted: a code works once. */
export function useTotpStep(db: Q, operatorId: string, step: number, now: Date) {
  return updateOperator(db, operatorId, { totp_last_step: String(step) }, now)
    .where((eb) =>
      eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(step))]),
    )
    .executeTakeFirst()
    .then((r) => r.numUpdatedRows > 0n);
}

export function insertRecoveryCodes(
  db: Q,
  operatorId: string,
  rows: { id: string; codeHash: string }[],
) {
  return db
    .insertInto('operator_recovery_codes')
    .values(
      rows.map((r) => ({
        id: r.id,
        operator_id: operatorId,
        code_hash: r.codeHash,
        used_at: null,
      })),
    )
    .execute();
}

export function useRecoveryCode(db: Q, operatorId: string, codeHash: string, now: Date) {
  return db
    .updateTable('operator_recovery_codes')
    .set({ used_at: now })
    .where('operator_id', '=', operatorId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst()
    .then((r) => r.numUpdatedRows > 0n);
}

export function countRecoveryCodesLeft(db: Q, operatorId: string) {
  return db
    .selectFrom('operator_recovery_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('operator_id', '=', operatorId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export function insertOperatorSession(
  db: Q,
  row: {
    id: string;
    operatorId: string;
    tokenHash: string;
    stage: 'challenge' | 'signed_in';
    now: Date;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
  },
) {
  return db
    .insertInto('operator_sessions')
    .values({
      id: row.id,
      operator_id: row.operatorId,
      token_hash: row.tokenHash,
      stage: row.stage,
      created_at: row.now,
      last_used_at: row.now,
      expires_at: row.expiresAt,
      reauth_at: row.stage === 'signed_in' ? row.now : null,
      revoked_at: null,
      ip: row.ip,
      user_agent: row.userAgent,
    })
    .execute();
}

export function findOperatorSession(db: Q, tokenHash: string) {
  return db
    .selectFrom('operator_sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .select([
      's.id',
      's.operator_id',
      's.stage',
      's.created_at',
      's.last_used_at',
      's.expires_at',
      's.reauth_at',
      's.revoked_at',
      'o.username',
      'o.display_name',
      'o.role',
      'o.status',
      'o.must_set_password',
    ])
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** An update of one session's columns, to run or to narrow further. */
const updateSession = (db: Q, sessionId: string, columns: Updateable<OperatorSessionsTable>) =>
  db.updateTable('operator_sessions').set(columns).where('id', '=', sessionId);

export function touchOperatorSession(db: Q, sessionId: string, now: Date) {
  return updateSession(db, sessionId, { last_used_at: now }).execute();
}

export function revokeOperatorSession(db: Q, sessionId: string, now: Date) {
  return updateSession(db, sessionId, { revoked_at: now })
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
    .then((r) => r.numUpdatedRows > 0n);
}

export function markReauthenticated(db: Q, sessionId: string, now: Date) {
  return updateSession(db, sessionId, { reauth_at: now }).execute();
}

/** Every operator, or the one of `id`, with when each last used a session. */
export function listOperators(db: Q, id?: string) {
  let query = db
    .selectFrom('operators as o')
    .select((eb) => [
      'o.id',
      'o.username',
      'o.display_name',
      'o.role',
      'o.status',
      'o.must_set_password',
      'o.totp_enrolled_at',
      'o.locked_until',
      'o.created_at',
      eb
        .selectFrom('operator_sessions as s')
        .select((s) => s.fn.max('s.last_used_at').as('seen'))
        .whereRef('s.operator_id', '=', 'o.id')
        .where('s.stage', '=', 'signed_in')
        .as('last_seen_at'),
    ])
    .orderBy('o.created_at');
  if (id) query = query.where('o.id', '=', id);
  return query.execute();
}

export function countActiveOwners(db: Q) {
  return db
    .selectFrom('operators')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('role', '=', 'owner')
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export function updateOperatorFields(
  db: Q,
  operatorId: string,
  fields: { display_name?: string; role?: OperatorRole; status?: OperatorStatus },
  now: Date,
) {
  return updateOperator(db, operatorId, fields, now).execute();
}

/** The operator's own password (no longer one someone else gave). */
export function setOperatorPassword(db: Q, operatorId: string, passwordHash: string, now: Date) {
  return updateOperator(
    db,
    operatorId,
    { password_hash: passwordHash, must_set_password: false },
    now,
  ).execute();
}

/** Forgets the authenticator: the operator chooses a new password and enrols again at the next sign-in. */
export async function clearTwoFactor(db: Q, operatorId: string, now: Date) {
  await db.deleteFrom('operator_recovery_codes').where('operator_id', '=', operatorId).execute();
  await updateOperator(
    db,
    operatorId,
    { totp_secret: null, totp_enrolled_at: null, totp_last_step: null, must_set_password: true },
    now,
  ).execute();
}

export function revokeOperatorSessions(
  db: Q,
  operatorId: string,
  now: Date,
  exceptSessionId?: string,
) {
  let query = db
    .updateTable('operator_sessions')
    .set({ revoked_at: now })
    .where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId) query = query.where('id', '<>', exceptSessionId);
  return query
    .returning('id')
    .execute()
    .then((rows) => rows.map((r) => r.id));
}

/** Of these sessions, the signed-in ones still live (not revoked, ended or idle; operator active), read only. */
export async function findLiveOperatorSessionIds(
  db: Q,
  sessionIds: readonly string[],
  times: { now: Date; idleSince: Date },
): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('operator_sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .select('s.id')
    .where('s.id', 'in', [...sessionIds])
    .where('s.stage', '=', 'signed_in')
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', times.now)
    .where('s.last_used_at', '>', times.idleSince)
    .where('o.status', '=', 'active')
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Locks every owner row, so two owners demoting each other at once cannot leave none. */
export function lockOwners(db: Q) {
  return db.selectFrom('operators').select('id').where('role', '=', 'owner').forUpdate().execute();
}

/** The ids of the active operators of these roles (who a notice goes to). */
export function activeOperatorIdsOfRoles(db: Q, roles: readonly OperatorRole[]) {
  return db
    .selectFrom('operators')
    .select('id')
    .where('role', 'in', roles)
    .where('status', '=', 'active')
    .execute()
    .then((rows) => rows.map((r) => r.id));
}
