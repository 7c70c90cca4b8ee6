import type { QrProvider } from '@mekong/contracts/constants';

export type QrCreateRequest = {
  provider: QrProvider;
  /** The Thai bill-payment ref1 (1-20 upper-case letters and digits), unique per provider. */
  reference: string;
  amountMinor: bigint;
  expiresAt: Date;
  /** Where the gateway posts its signed paid notice. */
  callbackUrl: string;
};

export type QrCreateOutcome =
  | { kind: 'created'; payload: string; expiresAt: Date }
  /** The gateway refused or could not be reached: no QR to show (nothing to pay, so nothing can be lost). */
  | { kind: 'failed'; detail: string };

/**
 * cancelled: the gateway will not take a payment for it any more (cancelled or expired there, or never known);
 * paid: too late, it was paid (its notice credits it); unknown: no answer, try again.
 */
export type QrCancelOutcome = 'cancelled' | 'paid' | 'unknown';

/** A QR payment gateway (KBANK, WW, E2P), docs/design.md#deposits. Never throws: every answer is classified. */
export type QrGateway = {
  create(request: QrCreateRequest): Promise<QrCreateOutcome>;
  cancel(provider: QrProvider, reference: string): Promise<QrCancelOutcome>;
};
