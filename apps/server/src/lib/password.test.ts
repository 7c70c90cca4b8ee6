import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/app-error.ts';
import { createPasswordHasher, createPasswordHashers } from '@/lib/password.ts';

const PARAMS = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** A stand-in for Argon2 that records how many calls run at once. */
function instrumentedArgon2() {
  const stats = { active: 0, peak: 0, calls: 0 };
  const slow = async <T>(value: T): Promise<T> => {
    stats.calls += 1;
    stats.active += 1;
    stats.peak = Math.max(stats.peak, stats.active);
    await new Promise((resolve) => setTimeout(resolve, 5));
    stats.active -= 1;
    return value;
  };
  return {
    stats,
    argon2: {
      hash: (password: string) => slow(`h:${password}`),
      verify: async (hash: string, password: string) => {
        if (hash === 'broken') await slow(null).then(() => Promise.reject(new Error('bad hash')));
        return slow(hash === `h:${password}`);
      },
    },
  };
}

describe('password hashing concurrency (issue 8 A5)', () => {
  it('never runs more hashes at once than the bound; a flood past the queue is refused, not piled up', async () => {
    const { stats, argon2 } = instrumentedArgon2();
    const hasher = createPasswordHasher(PARAMS, { maxConcurrency: 2, maxQueue: 10, argon2 });
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 === 0 ? hasher.hash('secret') : hasher.verify('h:secret', 'secret'),
      ),
    );
    expect(stats.peak).toBe(2);
    const fulfilled = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(fulfilled).toHaveLength(12);
    expect(stats.calls).toBe(12);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect((r.reason as AppError).code).toBe('SERVICE_UNAVAILABLE');
    }
    // Once the flood has passed, the slots are free again (a failed hash releases its slot too).
    expect(await hasher.verify('broken', 'secret')).toBe(false);
    expect(await hasher.verify('h:secret', 'secret')).toBe(true);
    expect(stats.active).toBe(0);
  });

  it('keeps the dummy verify of an unknown phone inside the same bound', async () => {
    const { stats, argon2 } = instrumentedArgon2();
    const hasher = createPasswordHasher(PARAMS, { maxConcurrency: 1, maxQueue: 100, argon2 });
    await Promise.all(Array.from({ length: 5 }, () => hasher.verifyDummy('guess')));
    expect(stats.peak).toBe(1);
  });
});

describe('operators and members hash in separate lines (issue 27 item 5)', () => {
  it("a flood of operator hashes fills only the operators' line: members are not queued behind it", async () => {
    const { stats, argon2 } = instrumentedArgon2();
    const { passwords, operatorPasswords } = createPasswordHashers(
      {
        ARGON2_MEMORY_KIB: 1024,
        ARGON2_TIME_COST: 1,
        ARGON2_PARALLELISM: 1,
        ARGON2_MAX_CONCURRENCY: 2,
        ARGON2_MAX_QUEUE: 200,
      },
      argon2,
    );
    let operatorDone = 0;
    const flood = Array.from({ length: 40 }, () =>
      operatorPasswords.verify('h:secret', 'wrong').then((isRight) => {
        operatorDone += 1;
        return isRight;
      }),
    );
    // Past one running and twenty waiting, an operator's hash is refused at once.
    const refused = await Promise.allSettled(flood.slice(21));
    expect(refused.every((r) => r.status === 'rejected')).toBe(true);
    expect((refused[0] as PromiseRejectedResult).reason.code).toBe('SERVICE_UNAVAILABLE');
    // A member's verify starts now, beside the one running operator hash, not after the twenty waiting.
    expect(await passwords.verify('h:secret', 'secret')).toBe(true);
    expect(operatorDone).toBeLessThanOrEqual(1);
    expect(stats.peak).toBe(2);
    await Promise.allSettled(flood);
  });
});

describe('a hashing line capped to a share of a core', () => {
  it('rests between hashes (a quarter of a core: three times the hash), without holding up the answer', async () => {
    const { argon2 } = instrumentedArgon2();
    const hasher = createPasswordHasher(PARAMS, {
      maxConcurrency: 1,
      maxQueue: 10,
      coreShare: 0.25,
      argon2,
    });
    const started = performance.now();
    expect(await hasher.verify('h:secret', 'secret')).toBe(true);
    const first = performance.now() - started;
    await Promise.all(Array.from({ length: 3 }, () => hasher.verify('h:secret', 'secret')));
    const all = performance.now() - started;
    // Each 5 ms hash is followed by 15 ms of rest before the next starts: four hashes take at least 60 ms.
    expect(all).toBeGreaterThanOrEqual(55);
    expect(first).toBeLessThan(all / 2);
  });
});
