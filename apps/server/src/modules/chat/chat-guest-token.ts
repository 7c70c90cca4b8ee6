import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A guest token lives 90 days (docs/decisions/0015-support-chat.md#identities). */
export const GUEST_TOKEN_TTL_MS = 90 * 24 * 60 * 60_000;

const GUEST_ID = /^g_[A-Za-z0-9_-]{22}$/;
const TOKEN = /^(g_[A-Za-z0-9_-]{22})\.(\d{1,13})\.([A-Za-z0-9_-]{43})$/;

/** A random guest id: `g_` and 16 random bytes as 22 url-safe characters. */
export function newGuestId(): string {
  return `g_${randomBytes(16).toString('base64url')}`;
}

export function isGuestId(value: string): boolean {
  return GUEST_ID.test(value);
}

/** Signs and checks guest tokens: `guestId.expiry.HMAC-SHA256(secret, guestId.expiry)`, expiry in epoch ms. */
export function createGuestTokens(secret: string) {
  const mac = (body: string) => createHmac('sha256', secret).update(body).digest('base64url');
  return {
    sign(guestId: string, now: Date): string {
      const body = `${guestId}.${now.getTime() + GUEST_TOKEN_TTL_MS}`;
      return `${body}.${mac(body)}`;
    },
    /** The guest id of a valid, unexpired token; null for anything else. Never throws. */
    verify(token: unknown, now: Date): string | null {
      if (typeof token !== 'string') return null;
      const match = TOKEN.exec(token);
      if (!match) return null;
      const [, guestId = '', expiry = '', signature = ''] = match;
      const expected = Buffer.from(mac(`${guestId}.${expiry}`));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      return Number(expiry) > now.getTime() ? guestId : null;
    },
  };
}

export type GuestTokens = ReturnType<typeof createGuestTokens>;
