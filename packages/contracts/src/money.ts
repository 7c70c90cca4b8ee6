import { z } from 'zod';

/**
 * Money travels as JSON numbers with at most 2 decimals (D3) and is held as integer minor units
 * (satang, or 1/100 kip) in bigint. No arithmetic is ever done on the float.
 */

/** What the member is told of a money movement: settled, still on its way, or failed (the money not moved). */
export const MONEY_STATUSES = ['SUCCESS', 'PENDING', 'FAILED'] as const;
export type MoneyStatus = (typeof MONEY_STATUSES)[number];

/** The largest amount one call may carry: 100 million in major units. */
export const MAX_AMOUNT = 100_000_000;

export function hasAtMostTwoDecimals(n: number): boolean {
  return Number.isFinite(n) && Number(n.toFixed(2)) === n;
}

export function toMinor(amount: number): bigint {
  if (!hasAtMostTwoDecimals(amount)) throw new RangeError(`not a 2-decimal amount: ${amount}`);
  const fixed = Math.abs(amount).toFixed(2);
  const minor = BigInt(fixed.replace('.', ''));
  return amount < 0 ? -minor : minor;
}

export function toMajor(minor: bigint): number {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const text = `${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  return negative ? -Number(text) : Number(text);
}

/** A positive amount field: a number, finite, at most 2 decimals, within MAX_AMOUNT. */
export function amountSchema(error = 'TRANSFER_MINIMUM') {
  return z
    .number({ error: 'INVALID_AMOUNT' })
    .refine(Number.isFinite, { error: 'INVALID_AMOUNT' })
    .refine(hasAtMostTwoDecimals, { error: 'INVALID_AMOUNT' })
    .refine((n) => n <= MAX_AMOUNT, { error: 'AMOUNT_TOO_LARGE' })
    .refine((n) => n > 0, { error });
}
