import type { LedgerCurrency } from '@mekong/contracts/constants';
import { nameUuid } from '@/lib/name-uuid.ts';

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

export function memberAccountId(
  memberId: string,
  kind: MemberAccountKind,
  provider?: string | null,
): string {
  return nameUuid(`member:${memberId}:${kind}:${kind === 'game' ? (provider ?? '') : ''}`);
}

export function houseAccountId(
  kind: HouseAccountKind,
  currency: LedgerCurrency,
  provider?: string | null,
): string {
  return nameUuid(`house:${kind}:${currency}:${kind === 'provider_float' ? (provider ?? '') : ''}`);
}
