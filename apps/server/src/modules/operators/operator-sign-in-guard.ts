import { AppError, limitError } from '@/lib/app-error.ts';
import { operatorSignInBudgets, spendBudgets } from '@/lib/guess-budgets.ts';
import type { CounterStore } from '@/store/counter-store.ts';

/** Wrong passwords or codes one address may try at one name in any fifteen minutes (docs/back-office/sign-in.md). */
export const MAX_FAILED_TRIES = 5;
export const LOCK_MS = 15 * 60_000;
/** Wrong tries at one name from all addresses in an hour; past them only the operator's familiar addresses are let in. */
export const NAME_FAILURES_PER_HOUR = 20;
/** Wrong re-authentications a session may make; the last one ends it. */
export const MAX_FAILED_REAUTHS = 5;

const HOUR_MS = 60 * 60_000;
/** Longer than every window above, so an unlock's generation outlives the counts it voids. */
const UNLOCK_MS = 24 * HOUR_MS;

const unlocksKey = (name: string) => `op-login:unlocks:${name}`;

/** An owner's unlock: the name's sign-in counts start again at every address. */
export async function unlockSignIn(counters: CounterStore, username: string, now: number) {
  await counters.add(unlocksKey(username.trim().toLowerCase()), UNLOCK_MS, now);
}

/** One admitted try at a name. */
export type SignInTry = {
  /** Not a wrong try (right password, or the try could not be checked): its counts are given back. */
  release(): Promise<void>;
  /** Signed in: released, and the name's failures at this address start again. */
  signedIn(): Promise<void>;
  /** A wrong password or code: answers whether this try locked the name at the address. */
  failed(): Promise<boolean>;
};

/** Runs the check of a counted try; a try that could not be checked (hashing busy) is given back, not counted wrong. */
export async function checked<T>(
  attempt: { release(): Promise<unknown> },
  check: () => Promise<T>,
): Promise<T> {
  try {
    return await check();
  } catch (error) {
    await attempt.release();
    throw error;
  }
}

/**
 * The limits of operator sign-in, the same for every name whether it exists or not (docs/back-office/sign-in.md): the
 * address's and all addresses' budgets, a lock of the name at the address that made five wrong tries, and the name's
 * hourly budget over all addresses, past which only `isFamiliar` addresses (where the operator signed in before) try.
 * A try is counted before it is checked, so parallel tries cannot slip past a limit.
 */
export function createOperatorSignInGuard(
  counters: CounterStore,
  isFamiliar: (username: string, ip: string | null) => Promise<boolean>,
) {
  return {
    async admit(username: string, ip: string | null, now: number): Promise<SignInTry> {
      const name = username.trim().toLowerCase();
      const budget = await spendBudgets(counters, operatorSignInBudgets(ip ?? 'unknown'), now);
      // An owner's unlock starts a new generation of the name's counts, at every address at once.
      const generation = await counters.count(unlocksKey(name), UNLOCK_MS, now);
      const pairKey = `op-login:failures:${generation}:${name}:${ip ?? 'unknown'}`;
      const nameKey = `op-login:name:${generation}:${name}`;
      const pair = await counters.consume(
        [{ key: pairKey, limit: MAX_FAILED_TRIES, windowMs: LOCK_MS }],
        now,
      );
      if (!pair.isAllowed) throw new AppError('OPERATOR_LOCKED');
      const named = await counters.consume(
        [{ key: nameKey, limit: NAME_FAILURES_PER_HOUR, windowMs: HOUR_MS }],
        now,
      );
      if (!named.isAllowed && !(await isFamiliar(name, ip))) {
        await counters.remove(pairKey, pair.entryId);
        throw limitError('REQUEST_LIMIT', named.retryAt, now);
      }
      const release = async () => {
        await Promise.all([
          budget.giveBack(),
          counters.remove(pairKey, pair.entryId),
          named.isAllowed ? counters.remove(nameKey, named.entryId) : undefined,
        ]);
      };
      return {
        release,
        async signedIn() {
          await release();
          await counters.clear(pairKey);
        },
        async failed() {
          return (pair.counts[0] ?? 0) >= MAX_FAILED_TRIES;
        },
      };
    },

    /**
     * A re-authentication of a signed-in session: none of the sign-in limits apply (only the session's holder can try),
     * but the session has five wrong tries; `failed` answers whether this one was the last (the session must end).
     */
    async admitReauth(sessionId: string, now: number) {
      const key = `op-reauth:failures:${sessionId}`;
      const spent = await counters.consume(
        [{ key, limit: MAX_FAILED_REAUTHS, windowMs: UNLOCK_MS }],
        now,
      );
      return {
        isSpent: !spent.isAllowed,
        release: () => counters.clear(key),
        failed: async () => spent.isAllowed && (spent.counts[0] ?? 0) >= MAX_FAILED_REAUTHS,
      };
    },
  };
}

export type OperatorSignInGuard = ReturnType<typeof createOperatorSignInGuard>;
