import { error, ok, type Answer } from '../lib/answer.ts';
import type { SlipStore } from '../slip/slip.store.ts';
import { findThaiBank } from '../slip/thai-banks.ts';
import type { Currency } from '../lib/currencies.ts';
import type { BankStore, IncomingTransfer } from './bank.store.ts';

/** The operator's deposit account the server's demo seed lists first (apps/server/src/db/seed/demo-content.ts). */
export const DEFAULT_OPERATOR_ACCOUNT = {
  name: 'MEKONG WALLET CO',
  bankCode: 'KBANK',
  accountNo: '1423096718',
} as const;

export type MemberTransferInput = {
  bankCode: string;
  accountNo: string;
  accountName?: string;
  toBankCode?: string;
  toAccountNo?: string;
  toAccountName?: string;
  amountMinor: number;
  currency?: Currency;
  transRef?: string;
};

export const slipUrlOf = (transRef: string) =>
  `/sandbox/slip/transfers/${encodeURIComponent(transRef)}/slip.png`;

/**
 * One real transfer seen from both sides, as in the real world: the operator's bank feed reports it (with the
 * sending bank's transaction reference) and the slip verifier knows it, so the member can also upload its slip.
 * Transfers in another currency than baht, or between non-Thai banks, have no slip.
 */
export function sendMemberTransfer(
  bank: BankStore,
  slips: SlipStore,
  input: MemberTransferInput,
): Answer {
  const transRef = input.transRef ?? slips.newTransRef();
  const sender = findThaiBank(input.bankCode);
  const receiver = findThaiBank(input.toBankCode ?? DEFAULT_OPERATOR_ACCOUNT.bankCode);
  const hasSlip = (input.currency ?? 'THB') === 'THB' && sender && receiver;
  let date: string | undefined;
  if (hasSlip) {
    const made = slips.create({
      transRef,
      amountMinor: input.amountMinor,
      sender: {
        name: input.accountName ?? 'SANDBOX MEMBER',
        bankCode: sender.code,
        accountNo: input.accountNo,
      },
      receiver: {
        name: input.toAccountName ?? DEFAULT_OPERATOR_ACCOUNT.name,
        bankCode: receiver.code,
        accountNo: input.toAccountNo ?? DEFAULT_OPERATOR_ACCOUNT.accountNo,
      },
    });
    if (made.httpStatus !== 200) return made;
    date = (made.body.transfer as { date: string }).date;
  } else if (slips.get(transRef)) {
    return error(409, 'REFERENCE_CONFLICT', { transRef });
  }
  const transfer: IncomingTransfer = bank.creditMember({
    bankCode: input.bankCode,
    accountNo: input.accountNo,
    accountName: input.accountName,
    toAccountNo: input.toAccountNo,
    amountMinor: input.amountMinor,
    currency: input.currency,
    transRef,
    sendingBank: sender?.code ?? null,
    receivedAt: date,
  });
  return ok({ transfer, transRef, slipUrl: hasSlip ? slipUrlOf(transRef) : null });
}
