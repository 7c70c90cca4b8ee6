import type { MemberCurrency } from '@mekong/contracts/constants';
import { nameUuid } from '@/lib/name-uuid.ts';

export const LEDGER_CURRENCIES = ['THB', 'LAK'] as const;
export type LedgerCurrency = (typeof LEDGER_CURRENCIES)[number];

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
export function ledgerCurrency(memberCurrency: MemberCurrency): LedgerCurrency {
  return memberCurrency === 'LAK' ? 'LAK' : 'THB';
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
  currency: LedgerCurrency,
  provider?: string | null,
): string {
  return nameUuid(`house:${kind}:${currency}:${kind === 'provider_float' ? (provider ?? '') : ''}`);
}
