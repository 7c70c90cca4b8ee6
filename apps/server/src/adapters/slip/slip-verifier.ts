/** One side of a verified transfer. Real verifiers give only the masked account number. */
export type SlipParty = {
  name: string;
  /** 3-digit bank code (014). */
  bankCode: string;
  maskedAccountNo: string;
  /** Given by the sandbox (and some verifiers); when absent, the masked number is compared. */
  accountNo: string | null;
};

export type VerifiedTransfer = {
  transRef: string;
  sendingBank: string;
  /** When the money moved. */
  date: Date;
  amountMinor: bigint;
  sender: SlipParty;
  receiver: SlipParty;
};

export type SlipVerifyOutcome =
  | { kind: 'verified'; transfer: VerifiedTransfer }
  /** The bank has not reported the transfer yet: try again later. */
  | { kind: 'delayed' }
  | { kind: 'not_found' }
  /** Not a verification QR, or a damaged one. */
  | { kind: 'invalid' }
  /** No usable answer (time-out, 5xx, unreadable). */
  | { kind: 'unavailable' };

/** The slip verification service (docs/design.md#deposits). Never throws. */
export type SlipVerifier = {
  verify(request: { sendingBank: string; transRef: string }): Promise<SlipVerifyOutcome>;
};
