import { ledgerCurrency, type LedgerCurrency } from '@mekong/contracts/constants';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { MoneyStatus } from '@mekong/contracts/money';
import type { Trx } from '@/db/database.ts';
import type { Database } from '@/db/schema.ts';
import { AppError } from '@/lib/app-error.ts';
import { createBatchLoader } from '@/lib/batch-loader.ts';
import { moneyStatusOf } from '@/lib/money-status.ts';
import { findMemberCurrency, listMemberCurrencies } from '@/modules/account/member.repository.ts';
import {
  findMemberGameAccount,
  listActiveGameAccounts,
  listMemberGameAccounts,
  updateGameAccount,
} from '@/modules/games/games.repository.ts';
import { createJobLeases } from '@/modules/job-lease/job-lease.service.ts';
import type { GamesDeps } from '@/modules/games/games.service.ts';
import { memberAccountId } from '@/modules/ledger/ledger-ids.ts';
import {
  findAccountState,
  findTransferByIdempotencyKey,
  getTransfer,
  hasPendingTransfer,
  listPendingTransfers,
  type TransferRow,
} from '@/modules/ledger/ledger.repository.ts';
import { reserveTransfers, type Reservation } from '@/modules/ledger/ledger-reserve-batch.ts';
import {
  createTransfer,
  postTransfer,
  postTransfers,
  voidTransfer,
} from '@/modules/ledger/ledger.service.ts';

export type GameLeg = {
  memberId: string;
  currency: LedgerCurrency;
  provider: string;
  username: string;
  /** in: wallet → game (game_in); out: game → wallet (game_out). */
  direction: 'in' | 'out';
  amountMinor: bigint;
  idempotencyKey: string;
  groupId?: string;
  id?: string;
  /**
   * Runs in the reservation's transaction, before it (the bonus spent first, docs/decisions/0013-promotions.md#bonus);
   * not run for a repeated idempotency key.
   */
  prepare?: (trx: Trx) => Promise<void>;
};

/**
 * The money legs to and from a game provider (docs/design.md#money two-phase, D5): run, settle, reconcile the unknown outcomes,
 * and the balance sync that books the member's wins and losses.
 */
export function createGameLegsService(deps: GamesDeps) {
  const { db, clock, config, games, log } = deps;
  const posts = createBatchLoader((ids: readonly string[]) =>
    postTransfers(db.kysely, ids, clock.now()),
  );
  // Concurrent reservations share one statement too (docs/decisions/0006); a second one on the same debit account in
  // one batch, and any the batch did not record, are made alone.
  const reservations = createBatchLoader(async (items: readonly Reservation[]) => {
    const seen = new Set<string>();
    const batch = items.filter((r) => {
      const key = `${r.memberId}:${r.debit.kind === 'game' ? r.debit.provider : 'cash'}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    const recorded = await reserveTransfers(db.kysely, batch);
    return new Map(
      batch.flatMap((r) => {
        const transfer = recorded.get(r.id);
        return transfer ? [[r, transfer] as const] : [];
      }),
    );
  });
  // Jobs take an item's lease before calling the provider about it: one call per item with several processes.
  const leases = createJobLeases({ db, clock });
  const leaseMs = config.GAME_TIMEOUT_MS + 30_000;

  /**
   * One two-phase movement to or from a provider (docs/design.md#money): reserve and record pending in one transaction, call
   * the provider with the transfer id as reference (no transaction open), then post on success, void on a definite
   * failure, and leave pending on an unknown outcome for the reconciliation. A repeated idempotency key reports the
   * first transfer's state and calls nobody.
   */
  async function runLeg(
    leg: GameLeg,
  ): Promise<{ transfer: TransferRow; status: MoneyStatus; isReplay: boolean }> {
    const cash = { memberId: leg.memberId, kind: 'cash' as const };
    const game = { memberId: leg.memberId, kind: 'game' as const, provider: leg.provider };
    // createTransfer is one statement (insert + reservation): outside a transaction it is one transaction on its own.
    const id = leg.id ?? randomUUID();
    const reserve = (trx: Kysely<Database>) =>
      createTransfer(trx, {
        ...legTransfer(leg, id),
        ...sidesOf(leg, cash, game),
        status: 'pending',
      });
    const { prepare } = leg;
    const { transfer, isReplay } = prepare
      ? await db.withTransaction(async (trx) => {
          const earlier = await findTransferByIdempotencyKey(trx, leg.memberId, leg.idempotencyKey);
          if (earlier) return { transfer: earlier, isReplay: true };
          await prepare(trx);
          return reserve(trx);
        })
      : await reserveShared(leg, id, () => reserve(db.kysely));
    if (isReplay) return { transfer, status: moneyStatusOf(transfer.status), isReplay };

    const input = { username: leg.username, reference: transfer.id, amountMinor: leg.amountMinor };
    const result =
      leg.direction === 'in'
        ? await games.deposit(leg.provider, input)
        : await games.withdraw(leg.provider, input);
    if (result.outcome === 'unknown') {
      log.warn({ transferId: transfer.id, reason: result.reason }, 'game transfer outcome unknown');
      return { transfer, status: 'PENDING', isReplay };
    }
    const settled = await settle(transfer, result.outcome === 'success' ? 'post' : 'void');
    if (result.outcome === 'failed')
      log.warn({ transferId: transfer.id, code: result.code }, 'game transfer refused');
    return { transfer: settled, status: moneyStatusOf(settled.status), isReplay };
  }

  /** What a leg's transfer records, whichever way it is reserved. */
  function legTransfer(leg: GameLeg, id: string) {
    return {
      id,
      memberId: leg.memberId,
      amountMinor: leg.amountMinor,
      currency: leg.currency,
      kind: leg.direction === 'in' ? ('game_in' as const) : ('game_out' as const),
      idempotencyKey: leg.idempotencyKey,
      ...(leg.groupId ? { groupId: leg.groupId } : {}),
      metadata: { provider: leg.provider, username: leg.username },
      now: clock.now(),
    };
  }

  /** The reservation through the shared statement; one it did not record (or a failed batch) is made alone. */
  async function reserveShared(
    leg: GameLeg,
    id: string,
    alone: () => Promise<{ transfer: TransferRow; isReplay: boolean }>,
  ) {
    const cash = { kind: 'cash' as const };
    const game = { kind: 'game' as const, provider: leg.provider };
    const recorded = await reservations
      .load({ ...legTransfer(leg, id), ...sidesOf(leg, cash, game) })
      .catch((error: unknown) => {
        log.warn({ err: error, transferId: id }, 'batched reservation failed; reserving alone');
        return undefined;
      });
    return recorded ? { transfer: recorded, isReplay: false } : alone();
  }

  async function settle(transfer: TransferRow, action: 'post' | 'void'): Promise<TransferRow> {
    if (action === 'post') {
      // Concurrent posts share one statement; one the batch did not post (or a failed batch) is settled alone,
      // which answers an already-posted transfer as it is and refuses a voided one.
      const posted = await posts.load(transfer.id).catch((error: unknown) => {
        log.warn({ err: error, transferId: transfer.id }, 'batched post failed; posting alone');
        return undefined;
      });
      if (posted) return posted;
    }
    const now = clock.now();
    try {
      // postTransfer / voidTransfer make their change in one statement, so it is one transaction on its own.
      return await (action === 'post'
        ? postTransfer(db.kysely, transfer.id, now)
        : voidTransfer(db.kysely, transfer.id, now));
    } catch (error) {
      // Only possible when the other settlement won (e.g. reconciliation); the ledger then needs a person.
      log.error(
        { err: error, transferId: transfer.id, action },
        'game transfer settlement conflict',
      );
      throw error;
    }
  }

  /**
   * Settles pending game transfers older than GAME_RECONCILE_AFTER_MS by asking the provider about their reference:
   * success → post; failed → void; not_found → void, but only once the transfer is older than
   * GAME_NOT_FOUND_VOID_AFTER_MS (far beyond the adapter's time-out), so a request still on its way cannot be
   * applied after the void; no answer → left for the next run.
   */
  async function reconcilePending(): Promise<{ posted: number; voided: number; left: number }> {
    const now = clock.now();
    const pending = await listPendingTransfers(db.kysely, {
      kinds: ['game_in', 'game_out'],
      olderThan: new Date(now.getTime() - config.GAME_RECONCILE_AFTER_MS),
    });
    const counts = { posted: 0, voided: 0, left: 0 };
    for (const listed of pending) {
      const leased = await leases.withLease('game-reconcile', listed.id, leaseMs, async () => {
        // Another process may have settled it since the list was read.
        const transfer = await getTransfer(db.kysely, listed.id);
        return transfer?.status === 'pending' ? reconcileOne(transfer, now) : null;
      });
      if (leased.isLeased && leased.value) counts[leased.value] += 1;
    }
    return counts;
  }

  async function reconcileOne(
    transfer: TransferRow,
    now: Date,
  ): Promise<'posted' | 'voided' | 'left'> {
    const provider = String(transfer.metadata?.provider ?? '');
    const status = await games.transferStatus(provider, transfer.id);
    const isOldEnough =
      transfer.createdAt.getTime() <= now.getTime() - config.GAME_NOT_FOUND_VOID_AFTER_MS;
    try {
      if (status.status === 'success') {
        await db.withTransaction((trx) => postTransfer(trx, transfer.id, clock.now()));
        return 'posted';
      } else if (status.status === 'failed' || (status.status === 'not_found' && isOldEnough)) {
        await db.withTransaction((trx) => voidTransfer(trx, transfer.id, clock.now()));
        return 'voided';
      } else return 'left';
    } catch (error) {
      log.error(
        { err: error, transferId: transfer.id },
        'reconciliation could not settle a transfer',
      );
      return 'left';
    }
  }

  /**
   * Reads one game balance from the provider and books the difference as a posted game result (the member's win or
   * loss), so the ledger matches the provider. Skipped while a transfer of that account is pending, or when the
   * account changed between the read and the booking (its version moved): the next sync catches up.
   */
  async function syncAccount(row: {
    id: string;
    member_id: string;
    provider: string;
    username: string;
    currency: LedgerCurrency;
  }): Promise<'synced' | 'skipped' | 'failed'> {
    const accountId = memberAccountId(row.member_id, 'game', row.provider);
    const before = await findAccountState(db.kysely, accountId);
    if (!before || (await hasPendingTransfer(db.kysely, accountId))) return 'skipped';
    let providerBalance: bigint;
    try {
      providerBalance = await games.getBalance(row.provider, row.username);
    } catch (error) {
      log.warn({ err: error, provider: row.provider }, 'game balance read failed');
      return 'failed';
    }
    const now = clock.now();
    return db.withTransaction(async (trx) => {
      const current = await findAccountState(trx, accountId, { isLocked: true });
      if (!current || current.version !== before.version) return 'skipped';
      if (await hasPendingTransfer(trx, accountId)) return 'skipped';
      const diff = providerBalance - current.balance;
      if (diff !== 0n) {
        const game = { memberId: row.member_id, kind: 'game' as const, provider: row.provider };
        const house = { house: 'game_result' as const };
        await createTransfer(trx, {
          memberId: row.member_id,
          debit: diff > 0n ? house : game,
          credit: diff > 0n ? game : house,
          amountMinor: diff > 0n ? diff : -diff,
          currency: row.currency,
          kind: 'game_result',
          status: 'posted',
          metadata: { provider: row.provider, providerBalanceMinor: providerBalance.toString() },
          now,
        });
      }
      await updateGameAccount(trx, row.id, { synced_at: now });
      return 'synced';
    });
  }

  /** Syncs every active game account of one member (or only the one at `provider`), in parallel. */
  async function syncMember(memberId: string, provider?: string): Promise<void> {
    const member = await findMemberCurrency(db.kysely, memberId);
    if (!member) throw new AppError('NO_USER');
    const currency = ledgerCurrency(member.currency);
    const accounts = (await listMemberGameAccounts(db.kysely, memberId)).filter(
      (a) => a.status === 'active' && (provider === undefined || a.provider === provider),
    );
    await Promise.all(accounts.map((a) => syncAccount({ ...a, currency })));
  }

  /** Syncs every active game account of every member (the background job), a page at a time. */
  async function syncAll(
    pageSize = 200,
  ): Promise<{ synced: number; skipped: number; failed: number }> {
    const counts = { synced: 0, skipped: 0, failed: 0 };
    const startedAt = clock.now();
    let afterId: string | undefined;
    for (;;) {
      const page = await listActiveGameAccounts(db.kysely, {
        limit: pageSize,
        ...(afterId ? { afterId } : {}),
      });
      const currencies = await listMemberCurrencies(db.kysely, [
        ...new Set(page.map((row) => row.member_id)),
      ]);
      for (const row of page) {
        const currency = ledgerCurrency(currencies.get(row.member_id) ?? 'BAHT');
        const leased = await leases.withLease('game-sync', row.id, leaseMs, async () => {
          // Synced by another process since this run started: not asked again.
          const current = await findMemberGameAccount(db.kysely, row.member_id, row.provider);
          if (current?.synced_at && current.synced_at >= startedAt) return 'skipped';
          return syncAccount({ ...row, currency });
        });
        counts[leased.isLeased ? leased.value : 'skipped'] += 1;
      }
      if (page.length < pageSize) return counts;
      afterId = page[page.length - 1]?.id;
    }
  }

  return { runLeg, reconcilePending, syncAccount, syncMember, syncAll };
}

/** Money goes from cash to the game account on the way in, and back on the way out. */
function sidesOf<Cash, Game>(leg: Pick<GameLeg, 'direction'>, cash: Cash, game: Game) {
  return leg.direction === 'in' ? { debit: cash, credit: game } : { debit: game, credit: cash };
}
