import { createHash, randomUUID } from 'node:crypto';
import { SESSION_IDLE_MS, SESSION_MAX_AGE_MS } from '@mekong/contracts/constants';
import type { AppDeps } from '@/app-deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { signInBudgets, spendBudgets } from '@/lib/guess-budgets.ts';
import { createLoginDelay } from '@/modules/auth/login-delay.ts';
import { hashToken, newSecretToken } from '@/lib/secure-random.ts';
import { findMemberByPhone } from '@/modules/account/account.repository.ts';
import { createBatchLoader } from '@/lib/batch-loader.ts';
import {
  findTokenHashByHomeKey,
  insertSession,
  revokeSessions,
  setHomeKeyHash,
  useSessions,
  type SessionUse,
} from '@/modules/auth/session.repository.ts';

export type Session = { sessionId: string; memberId: string };

/**
 * A session's last use is written at most this often. The idle rule reads the recorded last use, so a session may
 * expire up to this much earlier than 7 days after its true last use, never later.
 */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/**
 * The home page cookie's key of a session token (docs/decisions/0021-member-home-page.md): derived from the token, so
 * every tab that asks gets the same key, and it does not give the token back.
 */
function homeKeyOf(token: string): string {
  return createHash('sha256').update(`mekong-home-page:${token}`).digest('base64url');
}

export function createAuthService({
  db,
  clock,
  counters,
  passwords,
  config,
  sessionEnds,
}: Pick<AppDeps, 'db' | 'clock' | 'counters' | 'passwords' | 'config' | 'sessionEnds'>) {
  const delays = createLoginDelay(counters);

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

  async function authenticateHash(tokenHash: string): Promise<Session> {
    const now = clock.now();
    const idleSince = new Date(now.getTime() - SESSION_IDLE_MS);
    const session = await sessions.load(tokenHash);
    if (!session || session.revoked_at !== null) throw new AppError('UNAUTHORIZED');
    if (
      new Date(session.last_used_at).getTime() <= idleSince.getTime() ||
      new Date(session.created_at).getTime() <= now.getTime() - SESSION_MAX_AGE_MS
    )
      throw new AppError('EXPIRED_AUTH_TOKEN');
    if (session.status !== 'active') throw new AppError('INACTIVE_USER');
    return { sessionId: session.id, memberId: session.member_id };
  }

  return {
    /**
     * docs/design.md#members-and-sessions: a live token names its member; expired → EXPIRED_AUTH_TOKEN, unknown or revoked → UNAUTHORIZED.
     * Expired: 7 days without use, or 30 days after sign-in however much it is used (docs/decisions/0009-account-security.md).
     */
    async authenticate(token: string | undefined): Promise<Session> {
      if (!token) throw new AppError('UNAUTHORIZED');
      return authenticateHash(hashToken(token));
    },

    /**
     * The home page cookie's key of a signed-in call's token (docs/decisions/0021-member-home-page.md): derived from
     * the token (so every tab asking gets the same key), and it does not give the token back. Its hash is kept on the
     * session; it draws the member's home page and nothing else.
     */
    async issueHomeKey(session: Session, token: string): Promise<string> {
      const key = homeKeyOf(token);
      await setHomeKeyHash(db.kysely, session.sessionId, hashToken(key));
      return key;
    },

    /** The live session of a home page key, checked as `authenticate` checks a token. */
    async authenticateHomeKey(key: string): Promise<Session> {
      const tokenHash = await findTokenHashByHomeKey(db.kysely, hashToken(key));
      if (!tokenHash) throw new AppError('UNAUTHORIZED');
      return authenticateHash(tokenHash);
    },

    /**
     * docs/design.md#members-and-sessions: unknown phone and wrong password answer alike (WRONG_CREDENTIAL, same Argon2 work). Guessing is
     * limited per client and for all clients together (wrong tries only), and per phone by a growing delay rather
     * than a lock a stranger could set off (docs/decisions/0009-account-security.md).
     */
    async login(input: {
      phone: string;
      password: string;
      ip: string | null;
      userAgent: string | null;
    }): Promise<{ token: string; homeKey: string }> {
      const now = clock.now().getTime();
      const budget = await spendBudgets(
        counters,
        signInBudgets(input.ip ?? 'unknown', config),
        now,
      );
      await delays.admit(input.phone, now);

      const member = await findMemberByPhone(db.kysely, input.phone);
      const isValid = member
        ? await passwords.verify(member.password_hash, input.password)
        : (await passwords.verifyDummy(input.password), false);
      if (!member || !isValid) throw new AppError('WRONG_CREDENTIAL');
      await Promise.all([budget.giveBack(), delays.clear(input.phone)]);
      if (member.status !== 'active') throw new AppError('INACTIVE_USER');

      const token = newSecretToken();
      // The home page cookie's key comes with the session, so the sign-in's answer sets the cookie (0021).
      const homeKey = homeKeyOf(token);
      await insertSession(db.kysely, {
        id: randomUUID(),
        memberId: member.id,
        tokenHash: hashToken(token),
        homeKeyHash: hashToken(homeKey),
        now: new Date(now),
        ip: input.ip,
        userAgent: input.userAgent?.slice(0, 500) ?? null,
      });
      return { token, homeKey };
    },

    async logout(session: Session): Promise<void> {
      await revokeSessions(db.kysely, { sessionId: session.sessionId }, clock.now());
      sessionEnds.ended('member', [session.sessionId]);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
