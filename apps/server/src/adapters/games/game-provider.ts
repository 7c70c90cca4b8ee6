/**
 * A game provider in transfer mode (docs/design.md#games): accounts, balances, deposit and withdraw with our reference,
 * the status of a reference, password reset and a launch link. One adapter serves every provider by its code.
 */
export type GameProvider = {
  /** Creates the member's account. Throws GameProviderError (code USERNAME_TAKEN when the name exists). */
  createAccount(
    provider: string,
    input: { username: string; password: string; currency: 'THB' | 'LAK' },
  ): Promise<void>;
  /** The account's balance in minor units. Throws GameProviderError. */
  getBalance(provider: string, username: string): Promise<bigint>;
  /** Moves money into the game account; never throws: the outcome says what is known. */
  deposit(provider: string, input: MoneyInput): Promise<MoneyOutcome>;
  /** Moves money out of the game account; never throws. */
  withdraw(provider: string, input: MoneyInput): Promise<MoneyOutcome>;
  /** What the provider did with our reference; `unknown` when it could not be asked. Never throws. */
  transferStatus(provider: string, reference: string): Promise<ReferenceStatus>;
  /** Sets the password. Throws GameProviderError. */
  resetPassword(provider: string, username: string, password: string): Promise<void>;
  /** A launch (auto-login) link. Throws GameProviderError. */
  launchUrl(provider: string, username: string, password?: string): Promise<string>;
  /**
   * The betting history after `cursor` (null: from the start), of one account or of all, oldest first, one page.
   * Throws GameProviderError.
   */
  betRecords(provider: string, input: BetRecordsInput): Promise<BetRecordPage>;
};

export type BetRecordsInput = { cursor: string | null; username?: string; limit: number };

/** One settled bet as the provider reports it; `id` is unique at that provider. */
export type BetRecord = {
  id: string;
  username: string;
  category: string;
  stakeMinor: bigint;
  /** What the bet paid back (stake included); 0 for a loss. */
  payoutMinor: bigint;
  placedAt: Date;
};

/** `cursor`: pass it next time; `hasMore`: records after this page exist. */
export type BetRecordPage = { records: BetRecord[]; cursor: string; hasMore: boolean };

export type MoneyInput = { username: string; reference: string; amountMinor: bigint };

/**
 * success: applied. failed: definitely not applied (the provider said so). unknown: time-out, 5xx, network error or
 * an answer we cannot read: it may or may not have been applied; only the status of the reference can tell.
 */
export type MoneyOutcome =
  | { outcome: 'success' }
  | { outcome: 'failed'; code: string }
  | { outcome: 'unknown'; reason: string };

export type ReferenceStatus =
  | { status: 'success' }
  | { status: 'failed'; code: string }
  | { status: 'not_found' }
  | { status: 'unknown'; reason: string };

export class GameProviderError extends Error {
  override name = 'GameProviderError';
  /** The provider's error code, or TIMEOUT / UNREACHABLE / BAD_ANSWER / HTTP_<status>. */
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
