import { randomUUID } from 'node:crypto';
import {
  LOGIN_LOCK_MS,
  LOGIN_MAX_FAILURES,
  LOGIN_WINDOW_MS,
  SESSION_IDLE_MS,
  SESSION_MAX_AGE_MS,
} from '@mekong/contracts/constants';
import type { AppDeps } from '@/app-deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { hashToken, newSecretToken } from '@/lib/secure-random.ts';
import { findMemberByPhone } from '@/modules/account/account.repository.ts';
import { createBatchLoader } from '@/lib/batch-loader.ts';
import {
  insertSession,
  revokeSession,
  useSessions,
  type SessionUse,
} from '@/modules/auth/session.repository.ts';

export type Session = { sessionId: string; memberId: string };

/**
 * A session's last use is written at most this often. The idle rule reads the recorded last use, so a session may
 * expire up to this much earlier than 7 days after its true last use, never later.
 */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

const attemptsKey = (phone: string) => `login:attempts:${phone}`;
const lockKey = (phone: string) => `login:lock:${phone}`;

export function createAuthService({
  db,
  clock,
  counters,
  passwords,
}: Pick<AppDeps, 'db' | 'clock' | 'counters' | 'passwords'>) {
  // Concurrent calls share one session query (docs/decisions/0006): no cache, every call still reads the session.
  const sessions = createBatchLoader<string, SessionUse>(async (tokenHashes) => {
    const now = clock.now();
    const rows = await useSessions(db.kysely, tokenHashes, {
      now,
      idleSince: new Date(now.getTime() - SESSION_IDLE_MS),
      touchBefore: new Date(now.getTime() - SESSION_TOUCH_INTERVAL_MS),
    });
    return new Map(rows.map((row) => [row.token_hash, row]));
  });

  return {
    /**
     * DESIGN D4: a live token names its member; expired → EXPIRED_AUTH_TOKEN, unknown or revoked → UNAUTHORIZED.
     * Expired: 7 days without use, or 30 days after sign-in however much it is used (docs/decisions/0008-account-security.md).
     */
    async authenticate(token: string | undefined): Promise<Session> {
      if (!token) throw new AppError('UNAUTHORIZED');
      const now = clock.now();
      const idleSince = new Date(now.getTime() - SESSION_IDLE_MS);
      const session = await sessions.load(hashToken(token));
      if (!session || session.revoked_at !== null) throw new AppError('UNAUTHORIZED');
      if (
        new Date(session.last_used_at).getTime() <= idleSince.getTime() ||
        new Date(session.created_at).getTime() <= now.getTime() - SESSION_MAX_AGE_MS
      )
        throw new AppError('EXPIRED_AUTH_TOKEN');
      if (session.status !== 'active') throw new AppError('INACTIVE_USER');
      return { sessionId: session.id, memberId: session.member_id };
    },

    /**
     * DESIGN D4: unknown phone and wrong password answer alike (WRONG_CREDENTIAL, same Argon2 work);
     * 5 failures in 15 minutes lock the phone for 15 minutes (REQUEST_LIMIT).
     * Each attempt is counted before the password is checked, so parallel guesses cannot exceed the limit.
     */
    async login(input: {
      phone: string;
      password: string;
      ip: string | null;
      userAgent: string | null;
    }): Promise<{ token: string }> {
      const now = clock.now().getTime();
      if ((await counters.count(lockKey(input.phone), LOGIN_LOCK_MS, now)) > 0)
        throw new AppError('REQUEST_LIMIT');
      const attempt = await counters.consume(
        [{ key: attemptsKey(input.phone), limit: LOGIN_MAX_FAILURES, windowMs: LOGIN_WINDOW_MS }],
        now,
      );
      if (!attempt.isAllowed) {
        await counters.add(lockKey(input.phone), LOGIN_LOCK_MS, now);
        throw new AppError('REQUEST_LIMIT');
      }

      const member = await findMemberByPhone(db.kysely, input.phone);
      const isValid = member
        ? await passwords.verify(member.password_hash, input.password)
        : (await passwords.verifyDummy(input.password), false);
      if (!member || !isValid) {
        if ((attempt.counts[0] ?? 0) >= LOGIN_MAX_FAILURES) {
          await counters.add(lockKey(input.phone), LOGIN_LOCK_MS, now);
          await counters.clear(attemptsKey(input.phone));
          throw new AppError('REQUEST_LIMIT');
        }
        throw new AppError('WRONG_CREDENTIAL');
      }
      await counters.clear(attemptsKey(input.phone));
      if (member.status !== 'active') throw new AppError('INACTIVE_USER');

      const token = newSecretToken();
      await insertSession(db.kysely, {
        id: randomUUID(),
        memberId: member.id,
        tokenHash: hashToken(token),
        now: new Date(now),
        ip: input.ip,
        userAgent: input.userAgent?.slice(0, 500) ?? null,
      });
      return { token };
    },

    async logout(session: Session): Promise<void> {
      await revokeSession(db.kysely, session.sessionId, clock.now());
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
