import type { LocalizedText } from '@mekong/contracts/fields';
import { toMajor } from '@mekong/contracts/money';
import type { StatementEntry, StatementFilter } from '@mekong/contracts/statement';
import { WALLET } from '@mekong/contracts/wallet';
import type { LedgerTransferKind } from '@/db/schema.ts';
import { moneyStatusOf } from '@/lib/money-status.ts';
import type {
  MemberTransferMatch,
  TransferSide,
  TransferWithSides,
} from '@/modules/ledger/ledger.repository.ts';
import {
  channelFacts,
  NO_CONTEXT,
  type StatementContext,
} from '@/modules/statement/statement-channel.ts';

/** One side of a transfer as the statement needs it. */
export type StatementAccount = TransferSide;
export type StatementTransfer = TransferWithSides;

/**
 * Ledger kinds that are never statement rows: game results are play inside a game, not a member's action; bonus_use
 * moves the member's own bonus money to cash ahead of a game transfer (docs/decisions/0013-promotions.md#bonus).
 */
export const KINDS_NOT_IN_STATEMENT: readonly LedgerTransferKind[] = ['game_result', 'bonus_use'];

/** The member bonus wallet's name in the statement (the cash wallet is `wallet`, as in transfer calls). */
export const BONUS_WALLET = 'bonus_wallet';

/**
 * An account's name in a statement row: `wallet` (cash) and `bonus_wallet` for the member's wallets, the provider
 * code for a game account, `bank` for the bank sides, otherwise the house account's kind (bonus, refund, …).
 */
export function accountName(account: StatementAccount): string {
  if (account.memberId !== null) {
    if (account.kind === 'cash') return WALLET;
    if (account.kind === 'bonus') return BONUS_WALLET;
    return account.provider ?? account.kind;
  }
  if (account.kind === 'bank_in' || account.kind === 'bank_out') return 'bank';
  if (account.kind === 'provider_float') return account.provider ?? account.kind;
  return account.kind;
}

/** The description a kind gets when its transfer carries none (docs/spec.md §3: linked bonus, promotion, invite, refund, luckydraw). */
const DEFAULT_DESCRIPTION: Partial<Record<LedgerTransferKind, string>> = {
  refund: 'refund',
  invite: 'invite',
  prize: 'luckydraw',
  bonus_forfeit: 'bonus_forfeit',
  adjustment: 'adjustment',
};

/**
 * Spec §3's five statement types from the ledger kind. The client signs the amount by type (deposit and bonus +,
 * withdraw −), so credits of refunds, invites and prizes read as `bonus`, and a manual adjustment reads as a
 * deposit or a withdrawal by its direction.
 */
export function statementType(transfer: StatementTransfer): StatementEntry['statementType'] {
  switch (transfer.kind) {
    case 'deposit':
      return 'deposit';
    case 'withdraw':
      return 'withdraw';
    case 'game_in':
    case 'game_out':
    case 'game_result':
    case 'bonus_use':
      return 'transfer';
    case 'bonus':
    case 'refund':
    case 'invite':
    case 'prize':
      return 'bonus';
    case 'finish_bonus':
    case 'bonus_forfeit':
      return 'finish_bonus';
    case 'adjustment':
      return transfer.credit.memberId !== null ? 'deposit' : 'withdraw';
  }
}

/**
 * The ledger transfers a type filter shows: exactly those `statementType` gives that type (a test keeps the two in
 * step). An adjustment counts as a deposit or a withdrawal by its direction.
 */
export const FILTER_MATCH: Record<StatementFilter, MemberTransferMatch> = {
  deposit: { kinds: ['deposit'], creditedKinds: ['adjustment'] },
  withdraw: { kinds: ['withdraw'], debitedKinds: ['adjustment'] },
  transfer: { kinds: ['game_in', 'game_out'] },
  bonus: { kinds: ['bonus', 'refund', 'invite', 'prize', 'finish_bonus', 'bonus_forfeit'] },
};

/** The per-language names a transfer carries (bonus credits and forfeits), when whole. */
function localizedOf(names: unknown): LocalizedText | null {
  if (typeof names !== 'object' || names === null) return null;
  const { th, la, en } = names as Record<string, unknown>;
  return typeof th === 'string' && typeof la === 'string' && typeof en === 'string'
    ? { th, la, en }
    : null;
}

const FORFEIT_REASONS = ['cancelled', 'expired', 'lost', 'completed'] as const;

/** Why a forfeit took the money, as its transfer records it (issue 28); null on rows written before. */
function forfeitReasonOf(transfer: StatementTransfer): Pick<StatementEntry, 'forfeitReason'> {
  if (transfer.kind !== 'finish_bonus') return {};
  const reason = transfer.metadata?.reason;
  return {
    forfeitReason: (FORFEIT_REASONS as readonly unknown[]).includes(reason)
      ? (reason as (typeof FORFEIT_REASONS)[number])
      : null,
  };
}

/** One statement row, derived from one ledger transfer (docs/design.md#money: never a separate truth). */
export function toStatementEntry(
  transfer: StatementTransfer,
  context: StatementContext = NO_CONTEXT,
): StatementEntry {
  const given = transfer.metadata?.description;
  return {
    _id: transfer.id,
    statementType: statementType(transfer),
    from: accountName(transfer.debit),
    to: accountName(transfer.credit),
    amount: toMajor(transfer.amountMinor),
    status: moneyStatusOf(transfer.status),
    createdAt: transfer.createdAt.toISOString(),
    description:
      typeof given === 'string' && given.length > 0
        ? given
        : (DEFAULT_DESCRIPTION[transfer.kind] ?? null),
    localizedDescription: localizedOf(transfer.metadata?.names),
    ...forfeitReasonOf(transfer),
    ...channelFacts(transfer, context),
  };
}
