import type { Kysely } from 'kysely';
import type { Trx } from '@/db/database.ts';
import type { Database } from '@/db/schema.ts';
import { AppError } from '@/lib/app-error.ts';
import { findMemberWithBank } from '@/modules/account/member.repository.ts';
import { ledgerCurrency, type LedgerCurrency } from '@/modules/ledger/ledger-ids.ts';
import { createTransfer, ensureMemberAccounts } from '@/modules/ledger/ledger.service.ts';

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
 * Posts one deposit bank_in → member cash. `externalRef` names the outside payment (channel-prefixed), and the
 * ledger's unique (kind, external_ref) makes a second credit of it impossible: a repeat returns the first transfer.
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
): Promise<{ transferId: string; isReplay: boolean }> {
  await ensureMemberAccounts(trx, input.memberId, input.currency, input.now);
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
  return { transferId: transfer.id, isReplay };
}
