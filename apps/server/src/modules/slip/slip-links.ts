import { createHmac, timingSafeEqual } from 'node:crypto';

export const SLIP_IMAGE_PATH = '/api/files/slips';
/** How long a slip image link opens the image; the slip list hands out fresh ones. */
export const SLIP_LINK_TTL_MS = 60 * 60_000;

export type SlipLinkQuery = {
  member: string | undefined;
  expires: string | undefined;
  sig: string | undefined;
};
export type SlipLinkCheck =
  { kind: 'valid'; memberId: string } | { kind: 'invalid' } | { kind: 'expired' };

/**
 * Slip image links (a browser tab opens them, with no session): the image's token, the member it was handed to and
 * an expiry, signed with HMAC-SHA256 under SLIP_LINK_SECRET. A copied link stops working when it expires.
 */
export function createSlipLinks(secret: string) {
  const sign = (token: string, memberId: string, expires: string) =>
    createHmac('sha256', secret).update(`${token}\n${memberId}\n${expires}`).digest();

  return {
    linkOf(token: string, memberId: string, now: Date): string {
      const expires = String(Math.floor((now.getTime() + SLIP_LINK_TTL_MS) / 1000));
      const sig = sign(token, memberId, expires).toString('base64url');
      const query = new URLSearchParams({ member: memberId, expires, sig });
      return `${SLIP_IMAGE_PATH}/${token}?${query.toString()}`;
    },

    check(token: string, query: SlipLinkQuery, now: Date): SlipLinkCheck {
      const { member, expires, sig } = query;
      if (!member || !expires || !sig || !/^\d{1,12}$/.test(expires)) return { kind: 'invalid' };
      const expected = sign(token, member, expires);
      const given = Buffer.from(sig, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return { kind: 'invalid' };
      if (Number(expires) * 1000 <= now.getTime()) return { kind: 'expired' };
      return { kind: 'valid', memberId: member };
    },
  };
}

export type SlipLinks = ReturnType<typeof createSlipLinks>;
