import { buildSlipQrPayload } from '@mekong/contracts/slip-qr';
import { error, ok, type Answer } from '../lib/answer.ts';
import type { SandboxContext } from '../lib/context.ts';
import { noFaults, type Faults } from '../lib/faults.ts';
import { renderSlipPng } from './slip.image.ts';
import { findThaiBank, maskAccountNo } from './thai-banks.ts';
import { majorText } from '../lib/money.ts';


export type SlipPartyInput = {
  name: string;
  /** 3-digit bank code, as in the mini-QR. */
  bankCode: string;
  /** Sandbox extra: real verifiers give only the masked number. */
  accountNo: string;
};
export type SlipParty = SlipPartyInput & {
  /** The wallet's short code (SCB, KBANK, TMB …). */
  bankShortCode: string;
  maskedAccountNo: string;
};

export type KnownTransfer = {
  transRef: string;
  /** 3-digit code of the sender's bank, as in the mini-QR. */
  sendingBank: string;
  receivingBank: string;
  amountMinor: number;
  /** When the money moved (ISO). */
  date: string;
  sender: SlipParty;
  receiver: SlipParty;
  /** The slip's mini-QR text. */
  payload: string;
  createdAt: string;
};

export type TransferInput = {
  transRef?: string;
  amountMinor: number;
  date?: string;
  sender: SlipPartyInput;
  receiver: SlipPartyInput;
  /** The next N verify calls for this transfer answer BANK_DELAYED, as when the bank hasn't reported it yet. */
  delayedTimes?: number;
};

const REF_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** The slip verification service: the transfers it knows and the answers commercial verifiers give. */
export function createSlipStore(ctx: SandboxContext) {
  const transfers = new Map<string, KnownTransfer>();
  const delays = new Map<string, number>();
  let faults = noFaults();
  let delayedBanks = new Set<string>();
  const nowIso = () => new Date(ctx.now()).toISOString();

  const party = (input: SlipPartyInput): SlipParty | null => {
    const bank = findThaiBank(input.bankCode);
    if (!bank) return null;
    return {
      name: input.name,
      bankCode: bank.code,
      bankShortCode: bank.shortCode,
      accountNo: input.accountNo,
      maskedAccountNo: maskAccountNo(input.accountNo),
    };
  };
  const newTransRef = () => {
    // Like real references: a date part and random letters and digits, 20 characters.
    const day = new Date(ctx.now()).toISOString().slice(2, 10).replace(/-/g, '');
    for (;;) {
      const tail = Array.from(
        { length: 14 },
        () => REF_CHARS[Math.floor(ctx.random() * REF_CHARS.length)] ?? '0',
      ).join('');
      const ref = `${day}${tail}`;
      if (!transfers.has(ref)) return ref;
    }
  };

  const store = {
    getFaults: () => ({ ...faults, delayedBanks: [...delayedBanks] }),
    rawFaults: () => faults,
    setFaults(next: Faults, banks?: string[]) {
      faults = next;
      if (banks) delayedBanks = new Set(banks);
    },

    create(input: TransferInput): Answer {
      const sender = party(input.sender);
      if (!sender) return error(400, 'INVALID_PARAMS', { field: 'sender.bankCode' });
      const receiver = party(input.receiver);
      if (!receiver) return error(400, 'INVALID_PARAMS', { field: 'receiver.bankCode' });
      const transRef = input.transRef ?? newTransRef();
      if (transfers.has(transRef)) return error(409, 'REFERENCE_CONFLICT', { transRef });
      const transfer: KnownTransfer = {
        transRef,
        sendingBank: sender.bankCode,
        receivingBank: receiver.bankCode,
        amountMinor: input.amountMinor,
        date: new Date(input.date ? Date.parse(input.date) : ctx.now()).toISOString(),
        sender,
        receiver,
        payload: buildSlipQrPayload({ sendingBank: sender.bankCode, transRef }),
        createdAt: nowIso(),
      };
      transfers.set(transRef, transfer);
      if (input.delayedTimes) delays.set(transRef, input.delayedTimes);
      return ok({ transfer, slipPngBase64: store.slipPng(transfer).toString('base64') });
    },

    /** A fresh transaction reference, as a bank would give the transfer (for the bank feed's credit-member). */
    newTransRef,
    get: (transRef: string) => transfers.get(transRef),
    list: () => [...transfers.values()].reverse(),
    slipPng: (transfer: KnownTransfer) => renderSlipPng(transfer),

    /** What a commercial verifier answers for a slip's bank and reference. */
    verify(sendingBank: string, transRef: string): Answer {
      const transfer = transfers.get(transRef);
      if (delayedBanks.has(sendingBank))
        return error(503, 'BANK_DELAYED', { retryAfterSeconds: 30 });
      if (!transfer || transfer.sendingBank !== sendingBank)
        return error(404, 'TRANSACTION_NOT_FOUND');
      const delayed = delays.get(transRef) ?? 0;
      if (delayed > 0) {
        delays.set(transRef, delayed - 1);
        return error(503, 'BANK_DELAYED', { retryAfterSeconds: 30 });
      }
      const { createdAt: _createdAt, ...data } = transfer;
      return ok({ data: { ...data, amount: majorText(transfer.amountMinor) } });
    },
  };
  return store;
}

export type SlipStore = ReturnType<typeof createSlipStore>;
