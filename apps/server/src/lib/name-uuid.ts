import { createHash } from 'node:crypto';

/**
 * A stable UUID-shaped id from a name (sha-256, version nibble 5, RFC 4122 variant): the same name always gives the
 * same id, so rows named this way are addressed without a lookup and created race-free.
 */
export function nameUuid(name: string): string {
  const h = createHash('sha256').update(name).digest('hex');
  const variant = ((parseInt(h[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
