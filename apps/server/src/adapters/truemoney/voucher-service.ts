export type RedeemedVoucher = {
  amountMinor: bigint;
  ownerName: string | null;
  /** The owner's mobile (local form 0812345678) when the service tells it. */
  ownerPhone: string | null;
};

/**
 * redeemed: the money is at the receiving number (also when this number had redeemed it before);
 * refused: definitely not redeemed, with the service's code; unknown: no usable answer (may have been redeemed).
 */
export type RedeemOutcome =
  | { kind: 'redeemed'; voucher: RedeemedVoucher }
  | { kind: 'refused'; code: string }
  | { kind: 'unknown' };

/** The TrueMoney gift voucher service (docs/design.md#deposits). Never throws. */
export type VoucherService = {
  redeem(request: { voucherHash: string; mobile: string }): Promise<RedeemOutcome>;
};
