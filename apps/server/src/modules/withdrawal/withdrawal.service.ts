import { ledgerCurrency } from '@mekong/contracts/constants';
import { randomUUID } from 'node:crypto';
import type { MoneyStatus } from '@mekong/contracts/money';
import type { PayoutOutcome } from '@/adapters/bank/bank-gateway.ts';
import type { AppDeps } from '@/app-deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { moneyStatusOf } from '@/lib/money-status.ts';
import { nameUuid } from '@/lib/name-uuid.ts';
import { startOfPlayerDay } from '@/lib/player-time.ts';
import { findMemberWithBank, lockMember } from '@/modules/account/member.repository.ts';
import {
  createTransfer,
  ensureMemberAccounts,
  getMemberBalances,
  postTransfer,
  voidTransfer,
} from '@/modules/ledger/ledger.service.ts';
import { createJobLeases } from '@/modules/job-lease/job-lease.service.ts';
import { findSetting } from '@/modules/settings/settings.repository.ts';
import { isOperatorNeeded } from '@/modules/withdrawal/payout-approval.ts';
import { checkDailyLimits } from '@/modules/withdrawal/withdrawal-limits.ts';
import {
  findWithdrawal,
  findWithdrawalByKey,
  holdPayoutForApproval,
  insertWithdrawal,
  listAwaitingApproval,
  listUnsettledPayouts,
  markPayoutAttempt,
  sumWithdrawalsSince,
  updateWithdrawal,
  type Withdrawal,
} from '@/modules/withdrawal/withdrawal.repository.ts';
import type { Trx } from '@/db/database.ts';
import type { GatherGames, WithdrawBonusHooks } from '@/modules/withdrawal/withdrawal-hooks.ts';

export type { GatherGames, WithdrawBonusHooks } from '@/modules/withdrawal/withdrawal-hooks.ts';

/** What the member is told: the payout went out, is still on its way (or waits for approval), or failed. */
export type WithdrawOutcome = { withdrawalId: string; status: MoneyStatus };

export type ReconcileSummary = {
  checked: number;
  succeeded: number;
  failed: number;
  resent: number;
  unknown: number;
  /** Re-sent PAYOUT_MAX_RESENDS times already, never seen by the bank: now waiting for an operator. */
  held: number;
};

/** The lease a reconciliation run takes on one withdrawal before asking the bank about it (docs/decisions/0010-ledger-locks-and-leases.md). */
export const PAYOUT_LEASE_JOB = 'payout-reconciliation';
/** The lease a withdrawAll request holds on its key while it gathers game money and withdraws. */
export const WITHDRAW_ALL_LEASE_JOB = 'withdraw-all';

const outcomeOf = (w: Withdrawal): WithdrawOutcome => ({
  withdrawalId: w.id,
  status: moneyStatusOf(w.status),
});

/** Money out (docs/design.md#withdrawals): withdrawals reserve cash, pay out through the bank, and settle exactly once. */
export function createWithdrawalService(
  { db, clock, bank, config, log }: Pick<AppDeps, 'db' | 'clock' | 'bank' | 'config' | 'log'>,
  options: { gatherGames?: GatherGames; bonus?: WithdrawBonusHooks } = {},
) {
  /** A payout older than this without an answer is asked about: the bank call itself has surely given up by then. */
  const staleAfterMs = config.BANK_TIMEOUT_MS + 5_000;
  /** Long enough for a status question, a payout and the settlement, each bounded by the bank's time-out. */
  const leaseMs = 2 * config.BANK_TIMEOUT_MS + 30_000;
  const leases = createJobLeases({ db, clock });

  async function settings() {
    const [range, limits] = await Promise.all([
      findSetting(db.kysely, 'withdraw'),
      findSetting(db.kysely, 'withdrawLimits'),
    ]);
    if (!range || !limits) throw new AppError('NO_DATA');
    return { range, limits };
  }

  /** Every rule that can be checked before money moves: amount range, a registered account, today's limits. */
  async function checkRules(memberId: string, amountMinor: bigint) {
    const { range, limits } = await settings();
    if (amountMinor < BigInt(range.minMinor)) throw new AppError('WITHDRAW_MINIMUM');
    if (amountMinor > BigInt(range.maxMinor)) throw new AppError('WITHDRAW_MAXIMUM');
    const member = await findMemberWithBank(db.kysely, memberId);
    if (!member?.bank) throw new AppError('NO_BANK');
    const account = { ...member.bank, currency: member.currency };
    checkDailyLimits(
      await sumWithdrawalsSince(db.kysely, memberId, startOfPlayerDay(clock.now())),
      amountMinor,
      limits,
    );
    return { account, limits };
  }

  /** A repeated key answers the first withdrawal's current state; with another amount it is refused. */
  async function replay(existing: Withdrawal, amountMinor: bigint): Promise<WithdrawOutcome> {
    if (
      existing.amountMinor !== amountMinor &&
      (await options.bonus?.requestedOf(existing.id)) !== amountMinor
    )
      throw new AppError('IDEMPOTENCY_KEY_REUSED');
    return outcomeOf(existing);
  }

  /** Posts (paid) or voids (refused: the money is back in the wallet) a payout, once, under the row lock. */
  async function settle(
    withdrawalId: string,
    outcome: Exclude<PayoutOutcome, { kind: 'unknown' }>,
  ): Promise<Withdrawal> {
    return db.withTransaction(async (trx) => {
      const current = await findWithdrawal(trx, withdrawalId, { isLocked: true });
      if (!current) throw new Error(`withdrawal ${withdrawalId} does not exist`);
      if (current.status !== 'processing') return current;
      const now = clock.now();
      if (outcome.kind === 'success') {
        await postTransfer(trx, current.transferId, now);
        await updateWithdrawal(trx, current.id, { status: 'succeeded' }, now);
        return { ...current, status: 'succeeded' as const };
      }
      await voidTransfer(trx, current.transferId, now);
      await updateWithdrawal(trx, current.id, { status: 'failed', failureCode: outcome.code }, now);
      return { ...current, status: 'failed' as const, failureCode: outcome.code };
    });
  }

  /** Sends the payout (no transaction open) with the ledger transfer id as the bank's reference. */
  async function sendPayout(w: Withdrawal): Promise<Withdrawal> {
    if (!(await markPayoutAttempt(db.kysely, w.id, w.payoutAttempts, clock.now())))
      return (await findWithdrawal(db.kysely, w.id)) ?? w;
    const outcome = await bank.payout({
      reference: w.transferId,
      bankCode: w.bankCode,
      accountNo: w.accountNo,
      accountName: w.accountName,
      amountMinor: w.amountMinor,
      currency: w.currency,
    });
    if (outcome.kind === 'unknown') {
      log.warn(
        { withdrawalId: w.id, detail: outcome.detail },
        'payout outcome unknown; left pending',
      );
      return w;
    }
    if (outcome.kind === 'failed')
      log.warn({ withdrawalId: w.id, code: outcome.code }, 'payout refused; money returned');
    return settle(w.id, outcome);
  }

  /**
   * One payout of the reconciliation, under its lease: re-read (another process may have settled or re-sent it since
   * the list was read), ask the bank, then settle, send again, or — re-sent too often — hold it for an operator.
   */
  async function reconcileOne(
    withdrawalId: string,
    before: Date,
  ): Promise<{ outcome: 'succeeded' | 'failed' | 'unknown' | 'held'; isResent: boolean } | null> {
    const w = await findWithdrawal(db.kysely, withdrawalId);
    const lastTry = w && (w.lastPayoutAt ?? w.decidedAt ?? w.createdAt);
    if (!w || w.status !== 'processing' || !lastTry || lastTry >= before) return null;
    const status = await bank.payoutStatus(w.transferId);
    let settled: Withdrawal | undefined;
    const isResent = status.kind === 'not_found' && w.payoutAttempts <= config.PAYOUT_MAX_RESENDS;
    if (status.kind === 'success' || status.kind === 'failed') settled = await settle(w.id, status);
    else if (isResent) settled = await sendPayout(w);
    else if (status.kind === 'not_found') {
      if (!(await holdPayoutForApproval(db.kysely, w.id, w.payoutAttempts, clock.now())))
        return { outcome: 'unknown', isResent };
      log.warn(
        { withdrawalId: w.id, attempts: w.payoutAttempts },
        'payout never reached the bank after every re-send; waiting for an operator',
      );
      return { outcome: 'held', isResent };
    }
    const outcome =
      settled?.status === 'succeeded' || settled?.status === 'failed' ? settled.status : 'unknown';
    return { outcome, isResent };
  }

  async function withdraw(
    memberId: string,
    amountMinor: bigint,
    idempotencyKey: string,
    groupId: string | null = null,
  ): Promise<WithdrawOutcome> {
    const existing = await findWithdrawalByKey(db.kysely, memberId, idempotencyKey);
    if (existing) return replay(existing, amountMinor);
    const { account, limits } = await checkRules(memberId, amountMinor);

    const result = await db.withTransaction(async (trx: Trx) => {
      if (!(await lockMember(trx, memberId))) throw new AppError('NO_USER');
      // Under the member's lock, the key check and the daily limits cannot race another withdrawal of this member.
      const again = await findWithdrawalByKey(trx, memberId, idempotencyKey);
      if (again) return { isReplay: true as const, withdrawal: again };
      const now = clock.now();
      checkDailyLimits(
        await sumWithdrawalsSince(trx, memberId, startOfPlayerDay(now)),
        amountMinor,
        limits,
      );
      const currency = ledgerCurrency(account.currency);
      await ensureMemberAccounts(trx, memberId, currency, now);
      const withdrawalId = randomUUID();
      const payoutMinor = options.bonus
        ? await options.bonus.settle(trx, { memberId, amountMinor, withdrawalId, now })
        : amountMinor;
      const rule = { memberId, payoutMinor, limits, account, now };
      const isApprovalNeeded = await isOperatorNeeded(trx, rule);
      const { transfer, isReplay } = await createTransfer(trx, {
        memberId,
        debit: { memberId, kind: 'cash' },
        credit: { house: 'bank_out' },
        amountMinor: payoutMinor,
        currency,
        kind: 'withdraw',
        status: 'pending',
        idempotencyKey,
        ...(groupId ? { groupId } : {}),
        metadata: { withdrawalId },
        now,
      });
      // The key already moved money in another call (a transfer): this request is not its repeat.
      if (isReplay) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      const created: Withdrawal = {
        id: withdrawalId,
        memberId,
        transferId: transfer.id,
        idempotencyKey,
        groupId,
        amountMinor: payoutMinor,
        currency,
        bankCode: account.code,
        accountNo: account.accountNo,
        accountName: account.accountName,
        status: isApprovalNeeded ? 'pending_approval' : 'processing',
        failureCode: null,
        payoutAttempts: 0,
        lastPayoutAt: null,
        decidedBy: null,
        decidedAt: null,
        decisionNote: null,
        createdAt: now,
      };
      await insertWithdrawal(trx, created);
      return { isReplay: false as const, withdrawal: created };
    });

    if (result.isReplay) return replay(result.withdrawal, amountMinor);
    const w = result.withdrawal;
    if (w.status === 'pending_approval') return outcomeOf(w);
    return outcomeOf(await sendPayout(w));
  }

  return {
    /** POST /api/wallet/withdraw: `amountMinor` from the member's cash wallet to the registered bank account. */
    async withdraw(memberId: string, amountMinor: bigint, idempotencyKey: string) {
      const existing = await findWithdrawalByKey(db.kysely, memberId, idempotencyKey);
      if (existing) return replay(existing, amountMinor);
      await options.bonus?.assertAllowed(memberId, amountMinor);
      return withdraw(memberId, amountMinor, idempotencyKey);
    },

    /**
     * POST /api/wallet/withdrawAll (docs/design.md#withdrawals): the same rules first (nothing moves when they fail), then every active
     * game balance back to the wallet, then the withdrawal of `amountMinor`. When the wallet still falls short because
     * a game leg was refused or is still pending, the answer is TRANSFER_FAIL (nothing withdrawn). One request per key
     * at a time: a repeat waits for the first and answers its withdrawal (docs/decisions/0010-ledger-locks-and-leases.md).
     */
    withdrawAll: (memberId: string, amountMinor: bigint, idempotencyKey: string) =>
      leases.inTurn(
        WITHDRAW_ALL_LEASE_JOB,
        `${memberId}:${idempotencyKey}`,
        { ttlMs: leaseMs + config.REQUEST_TIMEOUT_MS, waitMs: config.REQUEST_TIMEOUT_MS },
        async () => {
          const existing = await findWithdrawalByKey(db.kysely, memberId, idempotencyKey);
          return existing && replay(existing, amountMinor);
        },
        async (): Promise<WithdrawOutcome> => {
          // Refuse what will be refused anyway before moving any game money.
          await checkRules(memberId, amountMinor);
          await options.bonus?.assertAllowed(memberId, amountMinor);
          const balances = await getMemberBalances(db.kysely, memberId);
          const total = Object.values(balances.games).reduce((sum, b) => sum + b, balances.cash);
          if (amountMinor > total) throw new AppError('MONEY_NOT_ENOUGH');
          const groupId = nameUuid(`${idempotencyKey}:withdrawAll`);
          const legs = options.gatherGames
            ? await options.gatherGames(memberId, { idempotencyKey, groupId })
            : [];
          try {
            return await withdraw(memberId, amountMinor, idempotencyKey, groupId);
          } catch (error) {
            // Short only because a game could not be emptied (refused, or still on its way): the transfer failed.
            const isLegUnsettled = legs.some((leg) => leg.status !== 'SUCCESS');
            if (error instanceof AppError && error.code === 'MONEY_NOT_ENOUGH' && isLegUnsettled)
              throw new AppError('TRANSFER_FAIL', { cause: error });
            throw error;
          }
        },
        'PAYOUT_IN_PROGRESS',
      ),

    /**
     * Operator approval of a withdrawal above the auto-payout limit: sends the payout. Approving one already
     * approved returns it as it is. The back office calls this (there is no back office yet).
     */
    async approveWithdrawal(withdrawalId: string, operator: string): Promise<Withdrawal> {
      const decided = await db.withTransaction(async (trx) => {
        const current = await findWithdrawal(trx, withdrawalId, { isLocked: true });
        if (!current) throw new AppError('NOT_FOUND');
        if (current.status !== 'pending_approval') {
          if (current.decidedBy !== null && current.status !== 'rejected')
            return { w: current, isNew: false };
          throw new AppError('INVALID_REQUEST');
        }
        const now = clock.now();
        const changes = { status: 'processing' as const, decidedBy: operator, decidedAt: now };
        await updateWithdrawal(trx, current.id, changes, now);
        return { w: { ...current, ...changes }, isNew: true };
      });
      return decided.isNew ? sendPayout(decided.w) : decided.w;
    },

    /** Operator refusal of a withdrawal waiting for approval: the money goes back to the member's wallet. */
    async rejectWithdrawal(
      withdrawalId: string,
      operator: string,
      note: string | null = null,
    ): Promise<Withdrawal> {
      return db.withTransaction(async (trx) => {
        const current = await findWithdrawal(trx, withdrawalId, { isLocked: true });
        if (!current) throw new AppError('NOT_FOUND');
        if (current.status === 'rejected') return current;
        if (current.status !== 'pending_approval') throw new AppError('INVALID_REQUEST');
        const now = clock.now();
        await voidTransfer(trx, current.transferId, now);
        const changes = {
          status: 'rejected' as const,
          failureCode: 'REJECTED',
          decidedBy: operator,
          decidedAt: now,
          decisionNote: note,
        };
        await updateWithdrawal(trx, current.id, changes, now);
        return { ...current, ...changes };
      });
    },

    /** Payout steps and lease for the back office; see docs/back-office/money-out.md#payouts. */
    payouts: {
      send: sendPayout,
      settle,
      status: (w: Withdrawal) => bank.payoutStatus(w.transferId),
      withLease: <T>(withdrawalId: string, fn: () => Promise<T>) =>
        leases.withLease(PAYOUT_LEASE_JOB, withdrawalId, leaseMs, fn),
      staleBefore: () => new Date(clock.now().getTime() - staleAfterMs),
    },

    /** Withdrawals waiting for an operator, oldest first. */
    listAwaitingApproval: (limit = 100) => listAwaitingApproval(db.kysely, limit),

    findWithdrawal: (withdrawalId: string) => findWithdrawal(db.kysely, withdrawalId),

    /**
     * The payout reconciliation job: each payout still without an answer after the bank call's time-out is settled by
     * asking the bank for its reference. One the bank never saw is sent again under the same reference (paid at most
     * once), rather than voided, so a late-arriving first call can never pay money the ledger gave back; after
     * PAYOUT_MAX_RESENDS re-sends it waits for an operator instead. Each payout is handled under its lease, so several
     * server processes running this job never ask about or send one payout twice.
     */
    async reconcilePayouts(limit = 100): Promise<ReconcileSummary> {
      const summary: ReconcileSummary = {
        checked: 0,
        succeeded: 0,
        failed: 0,
        resent: 0,
        unknown: 0,
        held: 0,
      };
      const before = new Date(clock.now().getTime() - staleAfterMs);
      for (const listed of await listUnsettledPayouts(db.kysely, before, limit)) {
        const leased = await leases.withLease(PAYOUT_LEASE_JOB, listed.id, leaseMs, () =>
          reconcileOne(listed.id, before),
        );
        if (!leased.isLeased || leased.value === null) continue;
        summary.checked += 1;
        if (leased.value.isResent) summary.resent += 1;
        summary[leased.value.outcome] += 1;
      }
      return summary;
    },
  };
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
