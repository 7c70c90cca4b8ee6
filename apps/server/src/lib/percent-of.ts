/**
 * `percent` % of an amount in minor units, rounded down to the minor unit (docs/decisions/0013-promotions.md: invite
 * commission, refund). The percent is an operator setting with at most 2 decimals; it is read in hundredths, so the
 * arithmetic stays in bigint.
 */
export function percentOfMinor(amountMinor: bigint, percent: number): bigint {
  if (amountMinor <= 0n || !(percent > 0)) return 0n;
  const hundredths = BigInt(Math.round(percent * 100));
  return (amountMinor * hundredths) / 10_000n;
}
