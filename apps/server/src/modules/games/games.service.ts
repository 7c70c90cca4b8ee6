import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { toMajor } from '@mekong/contracts/money';
import type { GameEntry, SlotAccount } from '@mekong/contracts/wallet';
import { GameProviderError, type GameProvider } from '@/adapters/games/game-provider.ts';
import type { AppDeps } from '@/app-deps.ts';
import type { Database } from '@/db/schema.ts';
import { AppError } from '@/lib/app-error.ts';
import { createBatchLoader } from '@/lib/batch-loader.ts';
import {
  createCredentialCipher,
  credentialKey,
  newGamePassword,
} from '@/modules/games/credentials.ts';
import {
  claimMemberGameAccount,
  findMemberGameAccount,
  findMemberWithGameAccounts,
  findProvider,
  listActiveGameAccounts,
  listMemberAccountsWithGames,
  listMemberGameAccounts,
  listProviders,
  markGameAccountActive,
  markSynced,
  updateGamePassword,
  type MemberGameAccountRow,
  type ProviderRow,
} from '@/modules/games/games.repository.ts';
import { ledgerCurrency, memberAccountId, type Currency } from '@/modules/ledger/ledger-ids.ts';
import { createJobLeases } from '@/modules/job-lease/job-lease.service.ts';
import {
  createTransfer,
  ensureGameAccount,
  getTransfer,
  listPendingTransfers,
  type MemberBalances,
  postTransfer,
  postTransfers,
  voidTransfer,
  type TransferRow,
} from '@/modules/ledger/ledger.service.ts';

/**
 * How long the provider catalogue is served from memory. The catalogue changes only by an operator's hand; a change
 * made through this process's forgetProviders() shows at once, one made elsewhere within this time.
 */
export const PROVIDER_CACHE_TTL_MS = 5_000;

/** Members whose transfer facts (currency, active game accounts) are kept in memory. */
const TRANSFER_FACTS_MEMBERS = 20_000;
type TransferFacts = {
  currency: Currency;
  active: Map<string, { provider: string; username: string }>;
};

export type GamesDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'log'> & { games: GameProvider };

/** The result of one money movement as the member sees it. */
export type LegStatus = 'SUCCESS' | 'PENDING' | 'FAILED';

export type GameLeg = {
  memberId: string;
  currency: Currency;
  provider: string;
  username: string;
  /** in: wallet → game (game_in); out: game → wallet (game_out). */
  direction: 'in' | 'out';
  amountMinor: bigint;
  idempotencyKey: string;
  groupId?: string;
  id?: string;
};

export const statusOfTransfer = (t: TransferRow): LegStatus =>
  t.status === 'posted' ? 'SUCCESS' : t.status === 'voided' ? 'FAILED' : 'PENDING';

export function gameEntry(
  provider: ProviderRow,
  isActive: boolean,
  amountMinor: bigint,
): GameEntry {
  return {
    code: provider.code,
    name: provider.name,
    category: provider.category,
    logo: provider.logo,
    background: provider.background,
    amount: toMajor(amountMinor),
    isActive,
    hasAutoLogin: provider.has_auto_login,
    web: provider.web_url,
    android: provider.android_url,
    ios: provider.ios_url,
  };
}

async function findMember(db: Kysely<Database>, memberId: string) {
  const member = await db
    .selectFrom('members')
    .select(['public_id', 'currency'])
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!member) throw new AppError('NO_USER');
  return { publicId: member.public_id, currency: ledgerCurrency(member.currency) };
}

/** Whether any pending transfer touches the ledger account (its game balance is then in flight). */
async function hasPendingTransfer(db: Kysely<Database>, accountId: string): Promise<boolean> {
  const row = await db
    .selectFrom('ledger_transfers')
    .select('id')
    .where('status', '=', 'pending')
    .where((eb) =>
      eb.or([eb('debit_account_id', '=', accountId), eb('credit_account_id', '=', accountId)]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Game providers (DESIGN D5): the catalogue, the member's accounts at providers, the two-phase money legs to and from
 * a provider (D3), the balance sync that books wins and losses, and the reconciliation of unknown outcomes.
 */
export function createGamesService(deps: GamesDeps) {
  const { db, clock, config, games, log } = deps;
  const cipher = createCredentialCipher(credentialKey(config));
  const context = (row: Pick<MemberGameAccountRow, 'member_id' | 'provider'>) =>
    `${row.member_id}:${row.provider}`;

  let catalogue: { rows: Promise<ProviderRow[]>; expiresAt: number } | undefined;
  const transferFacts = new LRUCache<string, TransferFacts>({ max: TRANSFER_FACTS_MEMBERS });
  const posts = createBatchLoader((ids: readonly string[]) =>
    postTransfers(db.kysely, ids, clock.now()),
  );
  // Jobs take an item's lease before calling the provider about it: one call per item with several processes.
  const leases = createJobLeases({ db, clock });
  const leaseMs = config.GAME_TIMEOUT_MS + 30_000;

  /** The provider catalogue (every provider, enabled or not), in display order, cached for PROVIDER_CACHE_TTL_MS. */
  function providers(): Promise<ProviderRow[]> {
    const now = performance.now();
    if (catalogue && catalogue.expiresAt > now) return catalogue.rows;
    const rows = listProviders(db.kysely);
    const entry = { rows, expiresAt: now + PROVIDER_CACHE_TTL_MS };
    catalogue = entry;
    // A failed read is not kept.
    rows.catch(() => {
      if (catalogue === entry) catalogue = undefined;
    });
    return rows;
  }

  /** Drops the cached catalogue; whoever changes game_providers in this process calls it. */
  function forgetProviders(): void {
    catalogue = undefined;
  }

  /** An enabled provider by code (from the cached catalogue), else NO_GAME. */
  async function enabledProvider(code: string): Promise<ProviderRow> {
    const provider = (await providers()).find((p) => p.code === code);
    if (!provider || !provider.is_enabled) throw new AppError('NO_GAME');
    return provider;
  }

  async function activeAccount(memberId: string, code: string): Promise<MemberGameAccountRow> {
    const account = await findMemberGameAccount(db.kysely, memberId, code);
    if (!account || account.status !== 'active') throw new AppError('SLOT_NO_ACCOUNT');
    return account;
  }

  /**
   * Creates the account at the provider for a claimed row. The password was chosen at the claim, so a retry (after a
   * time-out, or a concurrent activation) sets the same one: an existing name gets that password by a reset.
   */
  async function createAtProvider(row: MemberGameAccountRow, currency: Currency): Promise<void> {
    const password = cipher.decrypt(row.password_enc, context(row));
    try {
      await games.createAccount(row.provider, { username: row.username, password, currency });
    } catch (error) {
      if (error instanceof GameProviderError && error.code === 'USERNAME_TAKEN') {
        await games.resetPassword(row.provider, row.username, password);
        return;
      }
      throw error;
    }
  }

  async function activate(memberId: string, code: string) {
    const provider = await enabledProvider(code);
    const member = await findMember(db.kysely, memberId);
    const now = clock.now();
    let row = await findMemberGameAccount(db.kysely, memberId, provider.code);
    if (row?.status === 'active') throw new AppError('SLOT_ALREADY_ACTIVE');
    if (!row) {
      const claim = {
        id: randomUUID(),
        member_id: memberId,
        provider: provider.code,
        // One name per member and provider, so a repeated creation finds the same account.
        username: `mk${member.publicId.toLowerCase()}`,
        password_enc: '',
        status: 'creating' as const,
        created_at: now,
        updated_at: now,
      };
      claim.password_enc = cipher.encrypt(newGamePassword(), context(claim));
      await claimMemberGameAccount(db.kysely, claim);
      row = await findMemberGameAccount(db.kysely, memberId, provider.code);
      if (!row) throw new AppError('SLOT_ACTIVATE_FAIL');
      if (row.status === 'active') throw new AppError('SLOT_ALREADY_ACTIVE');
    }
    try {
      await createAtProvider(row, member.currency);
    } catch (error) {
      // The claim stays: its name and password are fixed, so a retry finishes this same account.
      log.warn({ err: error, provider: provider.code }, 'game account creation failed');
      throw new AppError('SLOT_ACTIVATE_FAIL', { cause: error });
    }
    const activated = row;
    await db.withTransaction(async (trx) => {
      await ensureGameAccount(trx, memberId, provider.code, member.currency, now);
      await markGameAccountActive(trx, activated.id, now);
    });
    return { message: 'SUCCESS' as const, slot: gameEntry(provider, true, 0n) };
  }

  async function account(memberId: string, code: string): Promise<SlotAccount> {
    const provider = await findProvider(db.kysely, code);
    if (!provider) throw new AppError('NO_GAME');
    const row = await activeAccount(memberId, provider.code);
    return { username: row.username, password: cipher.decrypt(row.password_enc, context(row)) };
  }

  async function resetPassword(memberId: string, code: string): Promise<SlotAccount> {
    const provider = await findProvider(db.kysely, code);
    if (!provider) throw new AppError('NO_GAME');
    const row = await activeAccount(memberId, provider.code);
    const password = newGamePassword();
    try {
      await games.resetPassword(provider.code, row.username, password);
    } catch (error) {
      log.warn({ err: error, provider: provider.code }, 'game password reset failed');
      throw new AppError('SLOT_RESET_PASSWORD_FAIL', { cause: error });
    }
    await updateGamePassword(
      db.kysely,
      row.id,
      cipher.encrypt(password, context(row)),
      clock.now(),
    );
    return { username: row.username, password };
  }

  /** Spec §1: a launch link for the 11 providers that have one, for the member's own account only. */
  async function autoLogin(memberId: string, code: string, username: string, password?: string) {
    const provider = await findProvider(db.kysely, code);
    if (!provider || !provider.is_enabled || !provider.has_auto_login)
      throw new AppError('NO_GAME');
    const row = await activeAccount(memberId, provider.code);
    if (row.username !== username) throw new AppError('SLOT_NO_ACCOUNT');
    if (password !== undefined && password !== cipher.decrypt(row.password_enc, context(row)))
      throw new AppError('SLOT_NO_ACCOUNT');
    try {
      return { url: await games.launchUrl(provider.code, row.username) };
    } catch (error) {
      log.warn({ err: error, provider: provider.code }, 'game launch failed');
      throw new AppError('AUTO_LOGIN_FAIL', { cause: error });
    }
  }

  /**
   * One two-phase movement to or from a provider (DESIGN D3): reserve and record pending in one transaction, call
   * the provider with the transfer id as reference (no transaction open), then post on success, void on a definite
   * failure, and leave pending on an unknown outcome for the reconciliation. A repeated idempotency key reports the
   * first transfer's state and calls nobody.
   */
  async function runLeg(
    leg: GameLeg,
  ): Promise<{ transfer: TransferRow; status: LegStatus; isReplay: boolean }> {
    const cash = { memberId: leg.memberId, kind: 'cash' as const };
    const game = { memberId: leg.memberId, kind: 'game' as const, provider: leg.provider };
    // createTransfer is one statement (insert + reservation): outside a transaction it is one transaction on its own.
    const { transfer, isReplay } = await createTransfer(db.kysely, {
      id: leg.id ?? randomUUID(),
      memberId: leg.memberId,
      debit: leg.direction === 'in' ? cash : game,
      credit: leg.direction === 'in' ? game : cash,
      amountMinor: leg.amountMinor,
      currency: leg.currency,
      kind: leg.direction === 'in' ? 'game_in' : 'game_out',
      status: 'pending',
      idempotencyKey: leg.idempotencyKey,
      ...(leg.groupId ? { groupId: leg.groupId } : {}),
      metadata: { provider: leg.provider, username: leg.username },
      now: clock.now(),
    });
    if (isReplay) return { transfer, status: statusOfTransfer(transfer), isReplay };

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
    return { transfer: settled, status: statusOfTransfer(settled), isReplay };
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
    currency: Currency;
  }): Promise<'synced' | 'skipped' | 'failed'> {
    const accountId = memberAccountId(row.member_id, 'game', row.provider);
    const before = await db.kysely
      .selectFrom('ledger_accounts')
      .select(sql<string>`version::text`.as('version'))
      .where('id', '=', accountId)
      .executeTakeFirst();
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
      const current = await trx
        .selectFrom('ledger_accounts')
        .select([
          sql<string>`version::text`.as('version'),
          sql<string>`balance::text`.as('balance'),
        ])
        .where('id', '=', accountId)
        // Not FOR UPDATE: that would block the KEY SHARE of transfers being recorded (docs/decisions/0008-ledger-locks-and-leases.md).
        .forNoKeyUpdate()
        .executeTakeFirst();
      if (!current || current.version !== before.version) return 'skipped';
      if (await hasPendingTransfer(trx, accountId)) return 'skipped';
      const diff = providerBalance - BigInt(current.balance);
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
      await markSynced(trx, row.id, now);
      return 'synced';
    });
  }

  /** Syncs every active game account of one member, in parallel. */
  async function syncMember(memberId: string): Promise<void> {
    const member = await findMember(db.kysely, memberId);
    const accounts = (await listMemberGameAccounts(db.kysely, memberId)).filter(
      (a) => a.status === 'active',
    );
    await Promise.all(accounts.map((a) => syncAccount({ ...a, currency: member.currency })));
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
      for (const row of page) {
        const leased = await leases.withLease('game-sync', row.id, leaseMs, async () => {
          // Synced by another process since this run started: not asked again.
          const current = await findMemberGameAccount(db.kysely, row.member_id, row.provider);
          if (current?.synced_at && current.synced_at >= startedAt) return 'skipped';
          return syncAccount({ ...row, currency: ledgerCurrency(row.currency) });
        });
        counts[leased.isLeased ? leased.value : 'skipped'] += 1;
      }
      if (page.length < pageSize) return counts;
      afterId = page[page.length - 1]?.id;
    }
  }

  /** Every provider with the member's account state and available game balance (two queries, one cached). */
  async function memberSlots(memberId: string) {
    const [catalogueRows, rows] = await Promise.all([
      providers(),
      listMemberAccountsWithGames(db.kysely, memberId),
    ]);
    const balances: MemberBalances = { cash: 0n, bonus: 0n, games: {} };
    const active = new Map<string, MemberGameAccountRow>();
    for (const row of rows) {
      const available = BigInt(row.available);
      if (row.kind === 'cash') balances.cash = available;
      else if (row.kind === 'bonus') balances.bonus = available;
      else if (row.kind === 'game' && row.account_provider) {
        balances.games[row.account_provider] = available;
        if (row.status === 'active' && row.id && row.member_id && row.provider && row.username)
          active.set(row.provider, {
            id: row.id,
            member_id: row.member_id,
            provider: row.provider,
            username: row.username,
            password_enc: row.password_enc ?? '',
            status: row.status,
            synced_at: row.synced_at,
            created_at: row.created_at ?? new Date(0),
            updated_at: row.updated_at ?? new Date(0),
          });
      }
    }
    return { providers: catalogueRows, active, balances };
  }

  /**
   * What a transfer needs to know in one query: the member's ledger currency and their active accounts at the given
   * providers.
   */
  /**
   * What a transfer needs to know of the member: their currency and their active accounts at the given providers. Both
   * are facts that never change once true (a member's currency is fixed; a game account only goes from creating to
   * active, and keeps its username), so they are remembered (docs/decisions/0006); a provider not yet known active is
   * looked up again, so an activation made by another process is seen at once.
   */
  async function transferContext(memberId: string, codes: string[]) {
    const known = transferFacts.get(memberId);
    if (known && codes.every((code) => known.active.has(code))) return known;
    const found = await findMemberWithGameAccounts(db.kysely, memberId, codes);
    if (!found) throw new AppError('NO_USER');
    const facts: TransferFacts = {
      currency: ledgerCurrency(found.currency),
      active: new Map(known?.active),
    };
    for (const a of found.accounts)
      if (a.status === 'active')
        facts.active.set(a.provider, { provider: a.provider, username: a.username });
    transferFacts.set(memberId, facts);
    return facts;
  }

  return {
    providers,
    forgetProviders,
    transferContext,
    enabledProvider,
    activeAccount,
    activate,
    account,
    resetPassword,
    autoLogin,
    runLeg,
    reconcilePending,
    syncAccount,
    syncMember,
    syncAll,
    memberSlots,
    findMember: (memberId: string) => findMember(db.kysely, memberId),
  };
}

export type GamesService = ReturnType<typeof createGamesService>;
