/**
 * TrueMoney gift links travel encrypted (docs/spec.md §7, docs/design.md#deposits): the member's browser encrypts the link with the
 * shared secret, the server decrypts it. Web Crypto only (globalThis.crypto.subtle), so the same code runs in
 * browsers and Node 20.
 *
 * Format: `v1.<iv>.<ciphertext+tag>`, both parts base64url without padding. AES-256-GCM with a random 12-byte IV
 * and a 128-bit tag; the key is SHA-256 of the UTF-8 shared secret (one fixed secret, so no salt or HKDF is
 * needed: the secret itself must be long and random); the `v1` prefix is bound as additional data, so it can't
 * be swapped. The secret is shipped to browsers, so this hides links from casual logging, not from a member.
 */

export const TRUELINK_VERSION = 'v1';
/** What an encrypted link looks like (12-byte IV = 16 characters; at least the 16-byte tag = 22 characters). */
export const TRUELINK_CIPHERTEXT = /^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22,2800}$/;

const IV_BYTES = 12;
const encoder = new TextEncoder();

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function keyFrom(secret: string, usage: 'encrypt' | 'decrypt') {
  if (secret.length === 0) throw new RangeError('the shared secret must not be empty');
  const digest = await globalThis.crypto.subtle.digest('SHA-256', encoder.encode(secret));
  return globalThis.crypto.subtle.importKey('raw', digest, { name: 'AES-GCM' }, false, [usage]);
}

/** Encrypts a gift link (any text) with the shared secret. */
export async function encryptTrueLink(link: string, secret: string): Promise<string> {
  const key = await keyFrom(secret, 'encrypt');
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await globalThis.crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(TRUELINK_VERSION) },
    key,
    encoder.encode(link),
  );
  return `${TRUELINK_VERSION}.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

/** The link, or null when the text isn't ours: wrong form, wrong secret, or altered in any byte. */
export async function decryptTrueLink(token: string, secret: string): Promise<string | null> {
  if (!TRUELINK_CIPHERTEXT.test(token)) return null;
  const [, ivText = '', sealedText = ''] = token.split('.');
  const iv = fromBase64Url(ivText);
  const sealed = fromBase64Url(sealedText);
  if (!iv || iv.length !== IV_BYTES || !sealed || sealed.length < 16) return null;
  const key = await keyFrom(secret, 'decrypt');
  try {
    const plain = await globalThis.crypto.subtle.decrypt(
      { name: 'AES-GCM', iv, additionalData: encoder.encode(TRUELINK_VERSION) },
      key,
      sealed,
    );
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    return null;
  }
}

export const TRUEMONEY_GIFT_HOST = 'gift.truemoney.com';
/** Voucher hashes are letters and digits, 18 or more (real ones are about 35); capped to refuse junk. */
export const TRUEMONEY_VOUCHER_HASH = /^[A-Za-z0-9]{18,64}$/;

/**
 * The voucher hash of a gift link `https://gift.truemoney.com/campaign/?v=<hash>` (D13), or null when the
 * text is not such a link. Surrounding spaces are ignored; `/campaign?v=` (no slash) is accepted too.
 */
export function parseTrueMoneyGiftLink(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.hostname !== TRUEMONEY_GIFT_HOST) return null;
  if (url.port !== '' || url.username !== '' || url.password !== '') return null;
  if (url.pathname !== '/campaign/' && url.pathname !== '/campaign') return null;
  const hashes = url.searchParams.getAll('v');
  const hash = hashes[0];
  return hashes.length === 1 && hash && TRUEMONEY_VOUCHER_HASH.test(hash) ? hash : null;
}

export function trueMoneyGiftLink(hash: string): string {
  return `https://${TRUEMONEY_GIFT_HOST}/campaign/?v=${hash}`;
}
