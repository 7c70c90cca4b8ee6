import { createHash, randomBytes, randomInt } from 'node:crypto';

/** An opaque bearer secret: 32 random bytes, base64url. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What we store instead of a secret token, so a database leak does not leak sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

// Crockford's base32 alphabet: no I, L, O, U, so ids read aloud or typed are unambiguous.
const PUBLIC_ID_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const PUBLIC_ID_LENGTH = 8;
export const PUBLIC_ID_PATTERN = /^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{8}$/;

/** A member's public id: 8 crypto-random characters (40 bits), never sequential. */
export function newPublicId(): string {
  let id = '';
  for (let i = 0; i < PUBLIC_ID_LENGTH; i += 1)
    id += PUBLIC_ID_ALPHABET[randomInt(PUBLIC_ID_ALPHABET.length)];
  return id;
}
