import { randomInt } from 'node:crypto';
import { sandboxSecretsFrom, type SandboxSecrets } from '@mekong/contracts/installation-secrets';

/**
 * What every sandbox module shares: a clock and a random source (both replaceable so tests can be exact)
 * and the registry of requests that are deliberately left hanging, so closing the sandbox never waits on them.
 */
export type SandboxContext = {
  now: () => number;
  /** A uniform random number in [0, 1). */
  random: () => number;
  hangs: Hangs;
  /** The API keys it accepts and the secrets it signs webhooks with (from its environment, see server.ts). */
  secrets: SandboxSecrets;
};

export type Hangs = {
  /** Resolves after `ms`, or at once when the sandbox closes. */
  wait: (ms: number) => Promise<void>;
  releaseAll: () => void;
};

export function createHangs(): Hangs {
  const pending = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  return {
    wait(ms) {
      return new Promise<void>((resolve) => {
        const entry = {
          timer: setTimeout(() => {
            pending.delete(entry);
            resolve();
          }, ms),
          resolve,
        };
        pending.add(entry);
      });
    },
    releaseAll() {
      for (const entry of pending) {
        clearTimeout(entry.timer);
        entry.resolve();
      }
      pending.clear();
    },
  };
}

export function cryptoRandom(): number {
  return randomInt(0, 2 ** 47) / 2 ** 47;
}

export function createContext(
  overrides: Partial<Omit<SandboxContext, 'hangs' | 'secrets'>> & {
    secrets?: Partial<SandboxSecrets>;
  } = {},
): SandboxContext {
  return {
    now: overrides.now ?? Date.now,
    random: overrides.random ?? cryptoRandom,
    hangs: createHangs(),
    secrets: sandboxSecretsFrom(overrides.secrets ?? {}),
  };
}
