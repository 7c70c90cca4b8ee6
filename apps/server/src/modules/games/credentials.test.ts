import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '@/config.ts';
import {
  createCredentialCipher,
  credentialKey,
  newGamePassword,
} from '@/modules/games/credentials.ts';

describe('game credential encryption', () => {
  const cipher = createCredentialCipher(randomBytes(32));

  it('round-trips and never stores the plain text', () => {
    const stored = cipher.encrypt('s3cret-Pass', 'member-1:PG');
    expect(stored).not.toContain('s3cret');
    expect(cipher.decrypt(stored, 'member-1:PG')).toBe('s3cret-Pass');
    expect(cipher.encrypt('s3cret-Pass', 'member-1:PG')).not.toBe(stored);
  });

  it('refuses a ciphertext moved to another member or provider, or tampered with', () => {
    const stored = cipher.encrypt('s3cret-Pass', 'member-1:PG');
    expect(() => cipher.decrypt(stored, 'member-2:PG')).toThrow();
    const parts = stored.split('.');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => cipher.decrypt(parts.join('.'), 'member-1:PG')).toThrow();
    expect(() => createCredentialCipher(randomBytes(32)).decrypt(stored, 'member-1:PG')).toThrow();
  });

  it('requires a key in production and reads hex or base64', () => {
    expect(() =>
      credentialKey({ NODE_ENV: 'production', GAME_CREDENTIALS_KEY: undefined }),
    ).toThrow(ConfigError);
    expect(
      credentialKey({ NODE_ENV: 'development', GAME_CREDENTIALS_KEY: undefined }),
    ).toHaveLength(32);
    const key = randomBytes(32);
    expect(
      credentialKey({ NODE_ENV: 'production', GAME_CREDENTIALS_KEY: key.toString('hex') }),
    ).toEqual(key);
    expect(
      credentialKey({ NODE_ENV: 'production', GAME_CREDENTIALS_KEY: key.toString('base64') }),
    ).toEqual(key);
  });

  it('makes passwords of letters and digits the providers accept', () => {
    for (let i = 0; i < 50; i += 1)
      expect(newGamePassword()).toMatch(/^(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9]{12}$/);
  });
});
