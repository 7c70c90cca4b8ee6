import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database, OtpPurpose } from '@/db/schema.ts';
import { hasAnyRow } from '@/db/any-row.ts';

export type Verification = { tokenHash: string; phone: string; purpose: OtpPurpose; since: Date };

/** The token's row while it is usable (see isVerifiedToken): the one condition its check and its use share. */
const isUsable = (eb: ExpressionBuilder<Database, 'otp_requests'>, v: Verification) =>
  eb.and([
    eb('token_hash', '=', v.tokenHash),
    eb('phone', '=', v.phone),
    eb('purpose', '=', v.purpose),
    eb('status', '=', 'verified'),
    eb('verified_at', '>', v.since),
  ]);

/** Whether the token is the phone's code for this purpose, verified after `since` and not yet used. */
export async function isVerifiedToken(
  db: Kysely<Database>,
  verification: Verification,
): Promise<boolean> {
  return hasAnyRow(db.selectFrom('otp_requests').where((eb) => isUsable(eb, verification)));
}

/** Uses up a verified token (in the registration's or reset's transaction): false when it is not, or no longer, usable. */
export async function useVerifiedToken(
  db: Kysely<Database>,
  verification: Verification,
  now: Date,
): Promise<boolean> {
  const row = await db
    .updateTable('otp_requests')
    .set({ status: 'used', used_at: now })
    .where((eb) => isUsable(eb, verification))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A new code replaces the phone's earlier codes of the same purpose that are still waiting; a registration code also
 * replaces the phone's verification not yet used (its client lost the token, or someone else asked: the holder of the
 * new code is the one who may register).
 */
export async function insertOtpReplacingPending(
  db: Kysely<Database>,
  otp: {
    id: string;
    phone: string;
    purpose: OtpPurpose;
    tokenHash: string;
    gatewayToken: string | null;
    ref: string;
    expiresAt: Date;
    now: Date;
    ip: string | null;
    /** The back-office operator who had it sent (docs/back-office/members.md#password-reset). */
    operatorId?: string | null;
  },
) {
  await db
    .updateTable('otp_requests')
    .set({ status: 'superseded' })
    .where('phone', '=', otp.phone)
    .where('purpose', '=', otp.purpose)
    .where('status', 'in', otp.purpose === 'register' ? ['sent', 'verified'] : ['sent'])
    .execute();
  await db
    .insertInto('otp_requests')
    .values({
      id: otp.id,
      phone: otp.phone,
      purpose: otp.purpose,
      token_hash: otp.tokenHash,
      gateway_token: otp.gatewayToken,
      ref: otp.ref,
      status: 'sent',
      expires_at: otp.expiresAt,
      created_at: otp.now,
      ip: otp.ip,
      operator_id: otp.operatorId ?? null,
    })
    .execute();
}

/**
 * Gives the phone's waiting reset code that an operator had sent a new token (the old one stops working), keeping its
 * tries: the member's own reset then uses the code already on their phone (docs/back-office/members.md#password-reset).
 * Undefined when no such code waits.
 */
export async function reissueOperatorReset(
  db: Kysely<Database>,
  phone: string,
  tokenHash: string,
  now: Date,
): Promise<{ ref: string } | undefined> {
  const waiting = db
    .selectFrom('otp_requests')
    .select('id')
    .where('phone', '=', phone)
    .where('purpose', '=', 'password_reset')
    .where('status', '=', 'sent')
    .where('operator_id', 'is not', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .limit(1);
  return db
    .updateTable('otp_requests')
    .set({ token_hash: tokenHash })
    .where('id', '=', (eb) => eb.selectFrom(waiting.as('w')).select('w.id'))
    .where('status', '=', 'sent')
    .returning('ref')
    .executeTakeFirst();
}

export function findOtpByTokenHash(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('otp_requests')
    .select(['id', 'phone', 'purpose', 'gateway_token', 'status', 'attempts', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Takes one try of a waiting code, atomically: undefined when the tries are used up (or the code is no longer waiting). */
export function reserveAttempt(db: Kysely<Database>, id: string, maxAttempts: number) {
  return db
    .updateTable('otp_requests')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'sent')
    .where('attempts', '<', maxAttempts)
    .returning('attempts')
    .executeTakeFirst();
}

/** Gives a try back when the gateway could not check it. */
export async function releaseAttempt(db: Kysely<Database>, id: string) {
  await db
    .updateTable('otp_requests')
    .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
    .where('id', '=', id)
    .where('attempts', '>', 0)
    .execute();
}

export async function markVerified(db: Kysely<Database>, id: string, now: Date) {
  await db
    .updateTable('otp_requests')
    .set({ status: 'verified', verified_at: now })
    .where('id', '=', id)
    .where('status', '=', 'sent')
    .execute();
}

export async function findOtpStatus(db: Kysely<Database>, id: string) {
  const row = await db
    .selectFrom('otp_requests')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.status;
}

/** Deletes one-time codes created before `before` (housekeeping). */
export async function deleteOtpRequestsBefore(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('otp_requests')
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
