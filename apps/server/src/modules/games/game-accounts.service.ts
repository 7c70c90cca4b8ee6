import { ledgerCurrency, type LedgerCurrency } from '@mekong/contracts/constants';
import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { SlotAccount } from '@mekong/contracts/wallet';
import { GameProviderError } from '@/adapters/games/game-provider.ts';
import { AppError } from '@/lib/app-error.ts';
import { findMemberCurrency } from '@/modules/account/member.repository.ts';
import {
  createCredentialCipher,
  credentialKey,
  newGamePassword,
} from '@/modules/games/credentials.ts';
import {
  claimMemberGameAccount,
  findMemberGameAccount,
  findProvider,
  listMemberGameAccounts,
  listMembersGameAccounts,
  updateGameAccount,
  type MemberGameAccountRow,
} from '@/modules/games/games.repository.ts';
import type { GamesDeps } from '@/modules/games/games.service.ts';
import type { ProviderCatalogue } from '@/modules/games/provider-catalogue.ts';
import { ensureGameAccount, getMembersBalances } from '@/modules/ledger/ledger.service.ts';
import { createBatchLoader } from '@/lib/batch-loader.ts';

/** Members whose transfer facts (currency, active game accounts) are kept in memory. */
const TRANSFER_FACTS_MEMBERS = 20_000;
type TransferFacts = {
  currency: LedgerCurrency;
  active: Map<string, { provider: string; username: string }>;
};

/**
 * The member's accounts at game providers (docs/design.md#games): activation, credentials, password reset, launch links, and
 * what the wallet and transfers need to know of them.
 */
export function createGameAccountsService(deps: GamesDeps, catalogue: ProviderCatalogue) {
  const { db, clock, config, games, log } = deps;
  const cipher = createCredentialCipher(credentialKey(config));
  const context = (row: Pick<MemberGameAccountRow, 'member_id' | 'provider'>) =>
    `${row.member_id}:${row.provider}`;
  const transferFacts = new LRUCache<string, TransferFacts>({ max: TRANSFER_FACTS_MEMBERS });
  // The wallet read's balances and game accounts: concurrent reads share one statement each (docs/decisions/0006);
  // nothing is cached, every read sees the rows as they are.
  const balanceReads = createBatchLoader((ids: readonly string[]) =>
    getMembersBalances(db.kysely, ids),
  );
  const accountReads = createBatchLoader((ids: readonly string[]) =>
    listMembersGameAccounts(db.kysely, ids),
  );

  async function findMember(memberId: string) {
    const member = await findMemberCurrency(db.kysely, memberId);
    if (!member) throw new AppError('NO_USER');
    return { publicId: member.publicId, currency: ledgerCurrency(member.currency) };
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
  async function createAtProvider(
    row: MemberGameAccountRow,
    currency: LedgerCurrency,
  ): Promise<void> {
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
    const provider = await catalogue.enabledProvider(code);
    const member = await findMember(memberId);
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
      await updateGameAccount(trx, activated.id, {
        status: 'active',
        updated_at: now,
        synced_at: now,
      });
    });
    return provider;
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
    const passwordEnc = cipher.encrypt(password, context(row));
    await updateGameAccount(db.kysely, row.id, {
      password_enc: passwordEnc,
      updated_at: clock.now(),
    });
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

  /** Every provider with the member's account state and available game balance (three reads, one cached). */
  async function memberSlots(memberId: string) {
    const [catalogueRows, balances, accounts] = await Promise.all([
      catalogue.providers(),
      balanceReads.load(memberId),
      accountReads.load(memberId),
    ]);
    if (!balances || !accounts) throw new Error(`member ${memberId}: no balances read`);
    const active = new Map<string, MemberGameAccountRow>();
    for (const row of accounts)
      if (row.status === 'active' && balances.games[row.provider] !== undefined)
        active.set(row.provider, row);
    return { providers: catalogueRows, active, balances };
  }

  /**
   * What a transfer needs to know of the member: their currency and their active accounts at the given providers. Both
   * are facts that never change once true (a member's currency is fixed; a game account only goes from creating to
   * active, and keeps its username), so they are remembered (docs/decisions/0006); a provider not yet known active is
   * looked up again, so an activation made by another process is seen at once.
   */
  async function transferContext(memberId: string, codes: string[]) {
    const known = transferFacts.get(memberId);
    if (known && codes.every((code) => known.active.has(code))) return known;
    const [found, accounts] = await Promise.all([
      findMemberCurrency(db.kysely, memberId),
      codes.length > 0 ? listMemberGameAccounts(db.kysely, memberId) : [],
    ]);
    if (!found) throw new AppError('NO_USER');
    const facts: TransferFacts = {
      currency: ledgerCurrency(found.currency),
      active: new Map(known?.active),
    };
    for (const a of accounts)
      if (a.status === 'active' && codes.includes(a.provider))
        facts.active.set(a.provider, { provider: a.provider, username: a.username });
    transferFacts.set(memberId, facts);
    return facts;
  }

  return {
    findMember,
    activate,
    account,
    resetPassword,
    autoLogin,
    memberSlots,
    transferContext,
  };
}
