import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

export type PasswordParams = { memoryCost: number; timeCost: number; parallelism: number };

export type PasswordHasher = {
  hash(password: string): Promise<string>;
  verify(storedHash: string, password: string): Promise<boolean>;
  /** Spends the same time as a real verify, so an unknown username cannot be told apart by timing. */
  verifyDummy(password: string): Promise<void>;
};

export function createPasswordHasher(params: PasswordParams): PasswordHasher {
  // Algorithm.Argon2id; the package exports a const enum, which isolated modules cannot read.
  const options = { algorithm: 2 as Algorithm, ...params };
  let dummyHash: Promise<string> | undefined;
  return {
    hash: (password) => hash(password, options),
    async verify(storedHash, password) {
      try {
        return await verify(storedHash, password);
      } catch {
        return false;
      }
    },
    async verifyDummy(password) {
      dummyHash ??= hash(randomBytes(16).toString('hex'), options);
      await verify(await dummyHash, password).catch(() => false);
    },
  };
}
