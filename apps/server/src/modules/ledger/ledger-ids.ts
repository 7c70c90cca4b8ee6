import { createHash } from 'node:crypto';

export const CURRENCIES = ['THB', 'LAK'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const MEMBER_ACCOUNT_KINDS = ['cash', 'bonus', 'game'] as const;
export type MemberAccountKind = (typeof MEMBER_ACCOUNT_KINDS)[number];

export const HOUSE_ACCOUNT_KINDS = [
  'bank_in',
  'bank_out',
  'provider_float',
  'game_result',
  'bonus',
  'refund',
  'invite',
  'prize',
  'adjustment',
] as const;
export type HouseAccountKind = (typeof HOUSE_ACCOUNT_KINDS)[number];

/** A member's registration currency (BAHT | LAK) as the ledger names it. */
export function ledgerCurrency(memberCurrency: 'BAHT' | 'LAK' | string): Currency {
  return memberCurrency === 'LAK' ? 'LAK' : 'THB';
}

/** A stable UUID-shaped id from a name, so accounts are addressed without a lookup (and race-free to create). */
function nameUuid(name: string): string {
  const h = createHash('sha256').update(name).digest('hex');
  // Version nibble 5 and variant bits 10, so the value is a valid RFC 4122 UUID.
  const variant = ((parseInt(h[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function memberAccountId(
  memberId: string,
  kind: MemberAccountKind,
  provider?: string | null,
): string {
  return nameUuid(`member:${memberId}:${kind}:${kind === 'game' ? (provider ?? '') : ''}`);
}

export function houseAccountId(
  kind: HouseAccountKind,
  currency: Currency,
  provider?: string | null,
): string {
  return nameUuid(`house:${kind}:${currency}:${kind === 'provider_float' ? (provider ?? '') : ''}`);
}
