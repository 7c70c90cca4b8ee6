import { ledgerCurrency, type LedgerCurrency } from '@mekong/contracts/constants';
import type { Kysely } from 'kysely';
import type { Trx } from '@/db/database.ts';
import type { Database } from '@/db/schema.ts';
import { AppError } from '@/lib/app-error.ts';
import { findMemberWithBank } from '@/modules/account/member.repository.ts';
import { createTransfer, ensureMemberAccounts } from '@/modules/ledger/ledger.service.ts';
import { runDepositEffects } from '@/modules/deposit/deposit-effects.ts';

export type DepositMember = {
  id: string;
  phone: string;
  currency: LedgerCurrency;
  /** The registered bank account, with the bank's 3-digit clearing code where it has one. */
  bank: { code: string; numericCode: string | null; accountNo: string } | null;
};

export async function findDepositMember(
  db: Kysely<Database> | Trx,
  memberId: string,
): Promise<DepositMember> {
  const member = await findMemberWithBank(db, memberId);
  if (!member) throw new AppError('NO_USER');
  const { bank } = member;
  return {
    id: member.id,
    phone: member.phone,
    currency: ledgerCurrency(member.currency),
    bank: bank && { code: bank.code, numericCode: bank.numericCode, accountNo: bank.accountNo },
  };
}

/**
 * What crediting an outside payment did: `credited` now; `already_credited` earlier to this member under the same
 * reference (a retry, or the other path of one bank transaction: docs/decisions/0005-money-in.md), no money moved
 * now; `credited_elsewhere`: the reference was credited with other details (another member or amount), no money.
 */
export type DepositCredit =
  { kind: 'credited' | 'already_credited'; transferId: string } | { kind: 'credited_elsewhere' };

/**
 * The one deposit credit (every channel: QR, slip, gift link, manual notice, bank feed): posts bank_in → member cash
 * under `externalRef`, which names the outside payment (channel-prefixed; `banktx:` shared by the bank feed and
 * slips). The ledger's unique (kind, external_ref) decides, even against a credit at the same moment: one outside
 * payment is credited once, whichever way it arrives first.
 */
export async function creditDeposit(
  trx: Trx,
  input: {
    memberId: string;
    currency: LedgerCurrency;
    amountMinor: bigint;
    externalRef: string;
    metadata: Record<string, unknown>;
    now: Date;
  },
): Promise<DepositCredit> {
  await ensureMemberAccounts(trx, input.memberId, input.currency, input.now);
  try {
    const { transfer, isReplay } = await createTransfer(trx, {
      memberId: input.memberId,
      debit: { house: 'bank_in' },
      credit: { memberId: input.memberId, kind: 'cash' },
      amountMinor: input.amountMinor,
      currency: input.currency,
      kind: 'deposit',
      status: 'posted',
      externalRef: input.externalRef,
      metadata: input.metadata,
      now: input.now,
    });
    if (!isReplay)
      await runDepositEffects(trx, {
        memberId: input.memberId,
        currency: input.currency,
        amountMinor: input.amountMinor,
        transferId: transfer.id,
        now: input.now,
      });
    return { kind: isReplay ? 'already_credited' : 'credited', transferId: transfer.id };
  } catch (error) {
    if (error instanceof AppError && error.code === 'IDEMPOTENCY_KEY_REUSED')
      return { kind: 'credited_elsewhere' };
    throw error;
  }
}

/**
 * The transfer of a credit whose reference only its own channel can use (a claimed QR, voucher or notice row):
 * credited elsewhere would be a bug, refused rather than hidden.
 */
export function creditedTransferId(credit: DepositCredit): string {
  if (credit.kind === 'credited_elsewhere') throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return credit.transferId;
}
