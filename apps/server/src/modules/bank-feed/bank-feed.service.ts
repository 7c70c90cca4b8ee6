import { ledgerCurrency, type LedgerCurrency } from '@mekong/contracts/constants';
import { randomUUID } from 'node:crypto';
import type { IncomingTransfer } from '@/adapters/bank/bank-gateway.ts';
import type { AppDeps } from '@/app-deps.ts';
import type { Trx } from '@/db/database.ts';
import { AppError } from '@/lib/app-error.ts';
import {
  findMemberByBankAccount,
  findMemberCurrency,
} from '@/modules/account/member.repository.ts';
import { bankTxRef, clearingCodeOf } from '@/modules/deposit/bank-tx-ref.ts';
import { createJobLeases } from '@/modules/job-lease/job-lease.service.ts';
import { creditDeposit, type DepositCredit } from '@/modules/deposit/deposit-member.ts';
import { findTransferByExternalRef } from '@/modules/ledger/ledger.repository.ts';
import {
  findIncoming,
  insertIncoming,
  linkIncoming,
  listUnmatched,
  readCursor,
  saveCursor,
  type StoredIncoming,
} from '@/modules/bank-feed/bank-feed.repository.ts';

export const BANK_FEED_CURSOR = 'bank_incoming';
/** Pages read per run at most, so one run is bounded; the next run goes on from the saved cursor. */
const MAX_PAGES_PER_RUN = 50;

/**
 * What became of one line; alreadyCredited: its transaction was credited another way (a slip of it): recorded, no
 * money.
 */
type Outcome = 'credited' | 'unmatched' | 'duplicates' | 'alreadyCredited';

/** Lines read in a run, and how many of them had each outcome. */
export type BankFeedSummary = { read: number } & Record<Outcome, number>;

/**
 * Deposits by bank transfer (docs/design.md#deposits): reads the bank's feed of incoming transfers from a cursor kept in the
 * database and credits each to the member whose registered account sent it, exactly once (the bank's reference is
 * unique in bank_incoming_transfers; the deposit's external reference names the bank transaction, shared with slips
 * of it, so a transfer a slip already credited is recorded with no money). A transfer that matches
 * no member is kept, unmatched, for an operator.
 */
/**
 * Credits the transfer under `depositRef`: `banktx:<bank>:<transRef>` when the bank reports the sender's
 * transaction reference (the reference a slip of the same transfer is credited under), else the bank's own
 * reference; the shared creditDeposit makes it once, whichever way (feed, slip, operator) arrives first.
 */
export async function creditIncoming(
  trx: Trx,
  memberId: string,
  currency: LedgerCurrency,
  t: {
    depositRef: string;
    reference: string;
    amountMinor: bigint;
    fromBankCode: string;
    fromAccountNo: string;
  },
  now: Date,
  metadata: Record<string, unknown> = {},
): Promise<DepositCredit> {
  const existing = await findTransferByExternalRef(trx, 'deposit', t.depositRef);
  if (existing)
    return existing.memberId === memberId
      ? { kind: 'already_credited', transferId: existing.id }
      : { kind: 'credited_elsewhere' };
  return creditDeposit(trx, {
    memberId,
    currency,
    amountMinor: t.amountMinor,
    externalRef: t.depositRef,
    metadata: {
      channel: 'bank',
      bankReference: t.reference,
      fromBankCode: t.fromBankCode,
      fromAccountNo: t.fromAccountNo,
      ...metadata,
    },
    now,
  });
}

const emptySummary = (): BankFeedSummary => ({
  read: 0,
  credited: 0,
  unmatched: 0,
  duplicates: 0,
  alreadyCredited: 0,
});

export function createBankFeedService({
  db,
  clock,
  bank,
  config,
  log,
}: Pick<AppDeps, 'db' | 'clock' | 'bank' | 'config' | 'log'>) {
  // One reader of the feed at a time across processes; the lease is renewed before each page.
  const leases = createJobLeases({ db, clock });
  const leaseMs = config.BANK_TIMEOUT_MS + 60_000;
  /** The ledger reference the transfer is credited under (see creditIncoming). */
  async function depositRefOf(t: IncomingTransfer): Promise<string> {
    if (!t.transRef) return t.reference;
    return bankTxRef(
      t.sendingBank ?? (await clearingCodeOf(db.kysely, t.fromBankCode)),
      t.transRef,
    );
  }

  async function record(t: IncomingTransfer): Promise<Outcome> {
    const accountNo = t.fromAccountNo.replace(/\D/g, '');
    const member = await findMemberByBankAccount(db.kysely, t.fromBankCode, accountNo);
    const currency = member ? ledgerCurrency(member.currency) : null;
    const reason = !member ? 'no_member' : currency !== t.currency ? 'currency_mismatch' : null;
    const depositRef = await depositRefOf(t);
    return db.withTransaction(async (trx): Promise<Outcome> => {
      const now = clock.now();
      const id = randomUUID();
      const isNew = await insertIncoming(trx, {
        id,
        transfer: t,
        depositRef,
        status: reason ? 'unmatched' : 'credited',
        unmatchedReason: reason,
        memberId: member?.memberId ?? null,
        now,
      });
      if (!isNew) return 'duplicates';
      if (reason || !member || !currency) return 'unmatched';
      const credit = await creditIncoming(
        trx,
        member.memberId,
        currency,
        { ...t, depositRef },
        now,
      );
      if (credit.kind === 'credited_elsewhere') {
        // Its reference was already credited to someone else: an operator must look at it.
        await trx
          .updateTable('bank_incoming_transfers')
          .set({
            status: 'unmatched',
            unmatched_reason: 'reference_already_credited',
            updated_at: now,
          })
          .where('id', '=', id)
          .execute();
        return 'unmatched';
      }
      // Already credited to this member (by a slip of the same transfer): no money, the row names that credit.
      const isAlready = credit.kind === 'already_credited';
      await linkIncoming(
        trx,
        id,
        {
          status: 'credited',
          memberId: member.memberId,
          transferId: credit.transferId,
          ...(isAlready ? { unmatchedReason: 'reference_already_credited' } : {}),
        },
        now,
      );
      return isAlready ? 'alreadyCredited' : 'credited';
    });
  }

  async function runOnce(renew: () => Promise<boolean>): Promise<BankFeedSummary> {
    const summary = emptySummary();
    let cursor = (await readCursor(db.kysely, BANK_FEED_CURSOR)) ?? null;
    for (let page = 0; page < MAX_PAGES_PER_RUN; page += 1) {
      if (page > 0 && !(await renew())) break;
      const next = await bank.incoming(cursor);
      // Each transfer is recorded before the cursor moves past it: a crash re-reads, and the reference dedupes.
      for (const transfer of next.transfers) {
        summary.read += 1;
        summary[await record(transfer)] += 1;
      }
      if (next.cursor !== cursor)
        await saveCursor(db.kysely, BANK_FEED_CURSOR, next.cursor, clock.now());
      cursor = next.cursor;
      if (next.transfers.length === 0) break;
    }
    if (summary.read > 0) log.info({ bankFeed: summary }, 'bank feed read');
    return summary;
  }

  let running: Promise<BankFeedSummary> | null = null;

  return {
    /** Reads the feed once to its end (bounded). Calls while a run is going share that run. */
    runBankFeedOnce(): Promise<BankFeedSummary> {
      running ??= leases
        .withLease('bank-feed', BANK_FEED_CURSOR, leaseMs, runOnce)
        // Another process is reading the feed: nothing for this one to do.
        .then((leased) => (leased.isLeased ? leased.value : emptySummary()))
        .finally(() => {
          running = null;
        });
      return running;
    },

    /** Transfers that matched no member, oldest first (for the back office). */
    listUnmatched: (limit = 100) => listUnmatched(db.kysely, limit),

    /**
     * An operator credits an unmatched transfer to the member it belongs to (the back office calls this). Crediting
     * one already resolved returns it as it is.
     */
    async creditUnmatched(
      incomingId: string,
      memberId: string,
      operator: string,
    ): Promise<StoredIncoming> {
      return db.withTransaction(async (trx) => {
        const incoming = await findIncoming(trx, incomingId, { isLocked: true });
        if (!incoming) throw new AppError('NOT_FOUND');
        if (incoming.status === 'resolved' && incoming.memberId === memberId) return incoming;
        if (incoming.status !== 'unmatched') throw new AppError('INVALID_REQUEST');
        const member = await findMemberCurrency(trx, memberId);
        if (!member) throw new AppError('NO_USER');
        const currency = ledgerCurrency(member.currency);
        if (currency !== incoming.currency) throw new AppError('INVALID_REQUEST');
        const now = clock.now();
        const credit = await creditIncoming(
          trx,
          memberId,
          currency,
          { ...incoming, depositRef: incoming.depositRef ?? incoming.reference },
          now,
          { resolvedBy: operator },
        );
        if (credit.kind === 'credited_elsewhere') throw new AppError('INVALID_REQUEST');
        const { transferId } = credit;
        await linkIncoming(trx, incoming.id, { status: 'resolved', memberId, transferId }, now);
        return { ...incoming, status: 'resolved' as const, memberId, transferId };
      });
    },
  };
}

export type BankFeedService = ReturnType<typeof createBankFeedService>;
