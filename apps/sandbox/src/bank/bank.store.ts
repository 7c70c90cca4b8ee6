import { randomBytes } from 'node:crypto';
import { error, ok, type Answer } from '../lib/answer.ts';
import type { SandboxContext } from '../lib/context.ts';
import type { Currency } from '../lib/currencies.ts';
import { noFaults, type Faults } from '../lib/faults.ts';


export type PayoutInput = {
  reference: string;
  bankCode: string;
  accountNo: string;
  accountName?: string;
  amountMinor: number;
  currency?: Currency;
};

export type Payout = Required<Omit<PayoutInput, 'accountName'>> & {
  accountName: string | null;
  status: 'success' | 'failed';
  code?: string;
  createdAt: string;
};

export type IncomingTransfer = {
  /** The bank's own transaction reference, unique across sandbox restarts. */
  reference: string;
  /**
   * The sending bank's transaction reference, the one printed on the sender's slip (null when the bank does not
   * report it). With `sendingBank` it names the same transaction as the slip's mini-QR.
   */
  transRef: string | null;
  /** 3-digit clearing code of the sending bank (null when not a Thai bank or not reported). */
  sendingBank: string | null;
  fromBankCode: string;
  fromAccountNo: string;
  fromAccountName: string | null;
  /** The operator account it was paid into; null when the sender didn't say (the server's main deposit account). */
  toAccountNo: string | null;
  amountMinor: number;
  currency: Currency;
  receivedAt: string;
};

const FEED_PAGE = 100;

function payoutAnswer(payout: Payout): Answer {
  const { status: _status, code, ...rest } = payout;
  return payout.status === 'success'
    ? ok(rest)
    : error(400, code ?? 'PAYOUT_FAILED', { reference: payout.reference });
}

/** The bank: payouts by the caller's reference (exactly once) and a feed of incoming transfers, in memory. */
export function createBankStore(ctx: SandboxContext) {
  const payouts = new Map<string, Payout>();
  const incoming: IncomingTransfer[] = [];
  // Feed cursors carry this boot's id, so a cursor from before a sandbox restart reads the new feed from its start.
  const bootId = randomBytes(6).toString('hex');
  let faults = noFaults();
  let rejectAccountNos = new Set<string>();
  const nowIso = () => new Date(ctx.now()).toISOString();

  const store = {
    getFaults: () => ({ ...faults, rejectAccountNos: [...rejectAccountNos] }),
    setFaults(next: Faults, reject?: string[]) {
      faults = next;
      if (reject) rejectAccountNos = new Set(reject);
    },
    rawFaults: () => faults,

    payout(input: PayoutInput, isRejected = false): Answer {
      const existing = payouts.get(input.reference);
      if (existing) {
        const isSame =
          existing.bankCode === input.bankCode &&
          existing.accountNo === input.accountNo &&
          existing.amountMinor === input.amountMinor &&
          existing.currency === (input.currency ?? 'THB');
        return isSame
          ? payoutAnswer(existing)
          : error(409, 'REFERENCE_CONFLICT', { reference: input.reference });
      }
      const payout: Payout = {
        ...input,
        accountName: input.accountName ?? null,
        currency: input.currency ?? 'THB',
        status: 'success',
        createdAt: nowIso(),
      };
      if (rejectAccountNos.has(input.accountNo))
        Object.assign(payout, { status: 'failed', code: 'ACCOUNT_CLOSED' });
      else if (isRejected) Object.assign(payout, { status: 'failed', code: 'PAYOUT_REJECTED' });
      payouts.set(input.reference, payout);
      return payoutAnswer(payout);
    },

    payoutStatus(reference: string): Record<string, unknown> {
      return payouts.get(reference) ?? { status: 'not_found', reference };
    },

    listPayouts: () => [...payouts.values()].reverse(),

    /** Sandbox-only: the bank loses its record of a payout (for trying the server's reconciliation). */
    forgetPayout: (reference: string): boolean => payouts.delete(reference),

    /** Sandbox-only: the member's registered account pays money in, as a real transfer would appear in the feed. */
    creditMember(input: {
      bankCode: string;
      accountNo: string;
      accountName?: string;
      toAccountNo?: string;
      amountMinor: number;
      currency?: Currency;
      transRef?: string | null;
      sendingBank?: string | null;
      receivedAt?: string;
    }): IncomingTransfer {
      const transfer: IncomingTransfer = {
        reference: `SBX${ctx.now().toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`,
        transRef: input.transRef ?? null,
        sendingBank: input.sendingBank ?? null,
        fromBankCode: input.bankCode,
        fromAccountNo: input.accountNo,
        fromAccountName: input.accountName ?? null,
        toAccountNo: input.toAccountNo ?? null,
        amountMinor: input.amountMinor,
        currency: input.currency ?? 'THB',
        receivedAt: input.receivedAt ?? nowIso(),
      };
      incoming.push(transfer);
      return transfer;
    },

    /** Incoming transfers after the cursor, oldest first, and the cursor to pass next time. */
    incomingAfter(cursor?: string): { transfers: IncomingTransfer[]; cursor: string } {
      const [cursorBoot, position] = (cursor ?? '').split(':');
      const start = cursorBoot === bootId ? Math.min(Number(position) || 0, incoming.length) : 0;
      const transfers = incoming.slice(start, start + FEED_PAGE);
      return { transfers, cursor: `${bootId}:${start + transfers.length}` };
    },
    listIncoming: () => [...incoming].reverse(),
  };
  return store;
}

export type BankStore = ReturnType<typeof createBankStore>;
