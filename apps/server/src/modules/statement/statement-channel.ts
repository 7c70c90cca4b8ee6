import type { StatementChannel, StatementEntry } from '@mekong/contracts/statement';
import type { StatementTransfer } from '@/modules/statement/statement-mapping.ts';

/** What a statement row says about how its money moved (issue 9): channel, provider, reference, account suffix. */
export type StatementChannelFacts = Required<
  Pick<StatementEntry, 'channel' | 'provider' | 'reference' | 'accountSuffix'>
>;

/** Facts other modules own, read once per page (docs/design.md: one owner per table). */
export type StatementContext = {
  /** A bank's code (SCB) for a code a bank line or a slip gives; a 3-digit clearing code (014) is turned into it. */
  bankCodeOf: (code: string) => string;
  /** The payout account of a withdrawal, by its ledger transfer id. */
  payoutOf: (transferId: string) => { bankCode: string; accountNo: string } | undefined;
};

export const NO_CONTEXT: StatementContext = {
  bankCodeOf: (code) => code,
  payoutOf: () => undefined,
};

const NONE: StatementChannelFacts = {
  channel: null,
  provider: null,
  reference: null,
  accountSuffix: null,
};

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim().length > 0 ? value.trim() : null;
}

/** The last 4 digits of an account number: enough to recognise it, too little to misuse it. */
export function accountSuffix(accountNo: unknown): string | null {
  const digits = typeof accountNo === 'string' ? accountNo.replace(/\D/g, '') : '';
  return digits.length >= 4 ? digits.slice(-4) : null;
}

/** A deposit's channel from what its crediting channel recorded on the transfer (docs/design.md#deposits). */
function depositFacts(
  meta: Record<string, unknown>,
  context: StatementContext,
): StatementChannelFacts {
  const bank = (code: unknown) => {
    const given = text(code);
    return given ? context.bankCodeOf(given) : null;
  };
  switch (meta.channel) {
    case 'qr':
      return {
        ...NONE,
        channel: 'qr',
        provider: text(meta.provider),
        reference: text(meta.reference),
      };
    case 'bank':
      return {
        channel: 'bank',
        provider: bank(meta.fromBankCode),
        reference: text(meta.bankReference),
        accountSuffix: accountSuffix(meta.fromAccountNo),
      };
    case 'slip':
      return {
        ...NONE,
        channel: 'slip',
        provider: bank(meta.sendingBank),
        reference: text(meta.transRef),
      };
    // The voucher's hash is not shown: a gift link with shares left could be redeemed by whoever sees a receipt.
    case 'truemoney':
      return { ...NONE, channel: 'truemoney' };
    case 'manual':
      return { ...NONE, channel: 'manual' };
    default:
      return NONE;
  }
}

const CHANNEL_OF_KIND: Partial<Record<StatementTransfer['kind'], StatementChannel>> = {
  bonus: 'bonus',
  finish_bonus: 'bonus',
  bonus_forfeit: 'bonus',
  refund: 'bonus',
  invite: 'bonus',
  prize: 'bonus',
  adjustment: 'adjustment',
};

/** How a transfer's money moved, from the transfer and what other modules know of it. */
export function channelFacts(
  transfer: StatementTransfer,
  context: StatementContext,
): StatementChannelFacts {
  const meta = transfer.metadata ?? {};
  switch (transfer.kind) {
    case 'deposit':
      return depositFacts(meta, context);
    case 'withdraw': {
      const payout = context.payoutOf(transfer.id);
      return {
        ...NONE,
        channel: 'bank',
        provider: payout ? context.bankCodeOf(payout.bankCode) : null,
        accountSuffix: payout ? accountSuffix(payout.accountNo) : null,
      };
    }
    case 'game_in':
    case 'game_out':
    case 'game_result': {
      const game = transfer.kind === 'game_in' ? transfer.credit : transfer.debit;
      return { ...NONE, channel: 'game', provider: game.provider ?? text(meta.provider) };
    }
    // The coupon the prize was claimed with: the member's own reference for it.
    case 'prize':
      return { ...NONE, channel: 'bonus', reference: text(meta.couponCode) };
    default: {
      const channel = CHANNEL_OF_KIND[transfer.kind];
      return channel ? { ...NONE, channel } : NONE;
    }
  }
}
