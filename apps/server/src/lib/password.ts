import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import type { Config } from '@/config.ts';
import { AppError } from '@/lib/app-error.ts';

export type PasswordParams = { memoryCost: number; timeCost: number; parallelism: number };

export type PasswordHasher = {
  hash(password: string): Promise<string>;
  verify(storedHash: string, password: string): Promise<boolean>;
  /** Spends the same time as a real verify, so an unknown username cannot be told apart by timing. */
  verifyDummy(password: string): Promise<void>;
};

type Argon2 = {
  hash(password: string, options: PasswordParams & { algorithm: Algorithm }): Promise<string>;
  verify(storedHash: string, password: string): Promise<boolean>;
};

export type HashingLimits = {
  /** Hashes computed at once (each takes ARGON2_MEMORY_KIB and a CPU core). */
  maxConcurrency?: number;
  /** Calls allowed to wait for a slot; past it a call is refused with SERVICE_UNAVAILABLE. */
  maxQueue?: number;
  /**
   * The share of one core each slot may take (1: all): after a hash of d ms the slot rests d × (1/share − 1) ms, so the
   * cap follows the hashing cost (tests' cheap hashes barely rest).
   */
  coreShare?: number;
  /** Tests count concurrent calls through it. */
  argon2?: Argon2;
};

/**
 * A counting semaphore with a bounded queue: a flood of sign-ins waits in line, and past the line is refused, instead
 * of starting thousands of Argon2 computations at once (docs/decisions/0009-account-security.md).
 */
function boundedRunner(maxConcurrency: number, maxQueue: number, coreShare: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active >= maxConcurrency) {
      if (waiting.length >= maxQueue) throw new AppError('SERVICE_UNAVAILABLE');
      // The finishing task hands its slot straight over, so `active` stays counted.
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      active += 1;
    }
    const started = performance.now();
    try {
      return await task();
    } finally {
      // The caller has its answer now; the slot rests before the next hash (coreShare) without holding it up.
      const restMs = (performance.now() - started) * (1 / coreShare - 1);
      if (restMs > 0) setTimeout(release, restMs);
      else release();
    }
  };
}

export function createPasswordHasher(
  params: PasswordParams,
  {
    maxConcurrency = 2,
    maxQueue = 200,
    coreShare = 1,
    argon2 = { hash, verify },
  }: HashingLimits = {},
): PasswordHasher {
  // Algorithm.Argon2id; the package exports a const enum, which isolated modules cannot read.
  const options = { algorithm: 2 as Algorithm, ...params };
  const run = boundedRunner(maxConcurrency, maxQueue, coreShare);
  const verifyOrFalse = (storedHash: string, password: string) =>
    run(() => argon2.verify(storedHash, password).catch(() => false));
  let dummyHash: Promise<string> | undefined;
  return {
    hash: (password) => run(() => argon2.hash(password, options)),
    verify: verifyOrFalse,
    async verifyDummy(password) {
      dummyHash ??= run(() => argon2.hash(randomBytes(16).toString('hex'), options));
      await verifyOrFalse(await dummyHash, password);
    },
  };
}

/**
 * Operators' hashing runs apart from members': one hash at a time, taking at most a tenth of one core, 20 waiting,
 * past that SERVICE_UNAVAILABLE. A flood of operator sign-ins fills only this line, so member sign-in keeps its line
 * and its CPU (docs/back-office/sign-in.md).
 */
export const OPERATOR_HASHING = { maxConcurrency: 1, maxQueue: 20, coreShare: 0.1 } as const;

/** The members' hasher (ARGON2_MAX_CONCURRENCY, ARGON2_MAX_QUEUE) and the operators' (OPERATOR_HASHING), same cost. */
export function createPasswordHashers(
  config: Pick<
    Config,
    | 'ARGON2_MEMORY_KIB'
    | 'ARGON2_TIME_COST'
    | 'ARGON2_PARALLELISM'
    | 'ARGON2_MAX_CONCURRENCY'
    | 'ARGON2_MAX_QUEUE'
  >,
  argon2?: Argon2,
): { passwords: PasswordHasher; operatorPasswords: PasswordHasher } {
  const params = {
    memoryCost: config.ARGON2_MEMORY_KIB,
    timeCost: config.ARGON2_TIME_COST,
    parallelism: config.ARGON2_PARALLELISM,
  };
  const withArgon2 = argon2 ? { argon2 } : {};
  return {
    passwords: createPasswordHasher(params, {
      maxConcurrency: config.ARGON2_MAX_CONCURRENCY,
      maxQueue: config.ARGON2_MAX_QUEUE,
      ...withArgon2,
    }),
    operatorPasswords: createPasswordHasher(params, { ...OPERATOR_HASHING, ...withArgon2 }),
  };
}
