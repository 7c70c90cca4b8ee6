/**
 * The fair-play check the member's phone can make itself (docs/decisions/0013-promotions.md, prize wheel): the hash
 * committed before the spin is SHA-256 of the revealed seed's 32 bytes (the seed is sent as hex).
 * Null when the browser cannot hash here (Web Crypto needs a secure page) or the seed is not hex.
 */
export async function seedMatchesHash(serverSeed: string, seedHash: string): Promise<boolean | null> {
  if (!globalThis.crypto?.subtle || serverSeed.length === 0 || serverSeed.length % 2 !== 0 || !/^[0-9a-f]+$/i.test(serverSeed)) return null;
  const bytes = new Uint8Array(serverSeed.length / 2);
  for (let index = 0; index < bytes.length; index += 1) bytes[index] = Number.parseInt(serverSeed.slice(index * 2, index * 2 + 2), 16);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  const hex = Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return hex === seedHash.toLowerCase();
}
