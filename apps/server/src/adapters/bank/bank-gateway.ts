/** The operator's bank (docs/design.md#deposits): payouts by our reference, their status, and the feed of incoming transfers. */

export type BankCurrency = 'THB' | 'LAK';

export type PayoutRequest = {
  /** Our reference (the ledger transfer id); the bank pays each reference at most once. */
  reference: string;
  bankCode: string;
  accountNo: string;
  accountName: string;
  amountMinor: bigint;
  currency: BankCurrency;
};

/**
 * What a payout call ended in. `failed` is definite (the bank refused and will not pay that reference);
 * `unknown` (time-out, 5xx, unreadable answer, network failure) means the money may or may not have left.
 */
export type PayoutOutcome =
  { kind: 'success' } | { kind: 'failed'; code: string } | { kind: 'unknown'; detail: string };

/**
 * The bank's record of a reference; `not_found` means it never saw it; `unknown` means it could not be asked. A success
 * carries the amount paid when the bank reports it (the reconciliation compares it with the ledger).
 */
export type PayoutStatus =
  | { kind: 'success'; amountMinor?: bigint }
  | Exclude<PayoutOutcome, { kind: 'success' }>
  | { kind: 'not_found' };

export type IncomingTransfer = {
  /** The bank's own transaction reference: unique, the key that makes crediting exactly-once. */
  reference: string;
  /**
   * The sending bank's transaction reference (the one on the sender's slip), when the bank reports it. With
   * `sendingBank` it names the transaction the same way a slip's mini-QR does.
   */
  transRef?: string | null;
  /** The sending bank's 3-digit clearing code, when reported. */
  sendingBank?: string | null;
  fromBankCode: string;
  fromAccountNo: string;
  fromAccountName: string | null;
  toAccountNo: string | null;
  amountMinor: bigint;
  currency: BankCurrency;
  receivedAt: Date;
};

export type IncomingPage = { transfers: IncomingTransfer[]; cursor: string };

export type BankGateway = {
  /** Never throws: every answer, time-out or network failure is classified. */
  payout(request: PayoutRequest): Promise<PayoutOutcome>;
  /** Never throws. */
  payoutStatus(reference: string): Promise<PayoutStatus>;
  /** Incoming transfers after the cursor (null: from the start). Throws BankGatewayError when the bank fails. */
  incoming(cursor: string | null): Promise<IncomingPage>;
};

export class BankGatewayError extends Error {
  override name = 'BankGatewayError';
}
