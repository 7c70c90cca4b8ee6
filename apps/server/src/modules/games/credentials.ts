import { createCipheriv, createDecipheriv, randomBytes, randomInt } from 'node:crypto';
import { SANDBOX_DEFAULT_SECRETS } from '@mekong/contracts/installation-secrets';
import { ConfigError, type Config } from '@/config.ts';

/** Game passwords are stored encrypted (AES-256-GCM), bound to their member and provider as associated data. */
export type CredentialCipher = {
  encrypt(plain: string, context: string): string;
  decrypt(stored: string, context: string): string;
};

// Development and test only: production refuses to start without GAME_CREDENTIALS_KEY, and refuses this one.
const DEV_KEY = Buffer.from(SANDBOX_DEFAULT_SECRETS.GAME_CREDENTIALS_KEY, 'hex');

export function credentialKey(config: Pick<Config, 'GAME_CREDENTIALS_KEY' | 'NODE_ENV'>): Buffer {
  const text = config.GAME_CREDENTIALS_KEY;
  if (!text) {
    if (config.NODE_ENV === 'production')
      throw new ConfigError(
        'Invalid configuration:\n  GAME_CREDENTIALS_KEY: required when NODE_ENV is production',
      );
    return DEV_KEY;
  }
  return /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
}

export function createCredentialCipher(key: Buffer): CredentialCipher {
  if (key.length !== 32) throw new Error('the game credentials key must be 32 bytes');
  return {
    encrypt(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(stored, context) {
      const [version, iv, tag, body] = stored.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined)
        throw new Error('unreadable stored credential');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A game password: 12 characters from an unambiguous alphabet (about 70 bits), letters and digits only. */
export function newGamePassword(): string {
  let password = '';
  while (!/[0-9]/.test(password) || !/[A-Za-z]/.test(password)) {
    password = '';
    for (let i = 0; i < 12; i += 1)
      password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  }
  return password;
}
