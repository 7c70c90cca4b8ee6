import type { ProviderCheck, ReconciliationReport } from '@mekong/contracts/admin/reports';
import { GameProviderError } from '@/adapters/games/game-provider.ts';
import type { AppDeps } from '@/app-deps.ts';
import { forEachPooled } from '@/lib/pooled.ts';
import { listGameAccountsPage } from '@/modules/games/games.repository.ts';
import { memberAccountId } from '@/modules/ledger/ledger-ids.ts';
import { readAccountStates } from '@/modules/ledger/ledger-report.repository.ts';
import type { FoundDifference } from '@/modules/reports/reconciliation.ts';

/** Provider calls under way at once. */
const WIDTH = 8;
/** What a provider answers for an account it does not know: a difference, not an unreachable provider. */
const NOT_FOUND_CODES = new Set(['USER_NOT_FOUND', 'ACCOUNT_NOT_FOUND', 'MEMBER_NOT_FOUND']);

type ProviderAcc = Omit<ProviderCheck, 'ledgerMinor' | 'providerMinor'> & {
  ledger: bigint;
  found: bigint;
};

/**
 * The ledger's game accounts against each provider's answer, one page of accounts: the member's posted game
 * balance in the ledger against the balance the provider reports for the account. An account with a transfer in
 * flight is not compared; a provider whose first answer fails is marked unreachable and asked nothing more.
 */
export async function reconcileGames(
  deps: Pick<AppDeps, 'db' | 'games' | 'log'>,
  options: { limit: number; afterId: string | null },
): Promise<{ summary: ReconciliationReport['games']; differences: FoundDifference[] }> {
  const db = deps.db.kysely;
  const accounts = await listGameAccountsPage(db, options);
  const idOf = (a: { member_id: string; provider: string }) =>
    memberAccountId(a.member_id, 'game', a.provider);
  const states = await readAccountStates(db, accounts.map(idOf));
  const providers = new Map<string, ProviderAcc>();
  const providerOf = (code: string): ProviderAcc => {
    let acc = providers.get(code);
    if (!acc) {
      acc = {
        provider: code,
        status: 'ok',
        accountsChecked: 0,
        accountsInFlight: 0,
        differences: 0,
        error: null,
        ledger: 0n,
        found: 0n,
      };
      providers.set(code, acc);
    }
    return acc;
  };
  const differences: FoundDifference[] = [];

  await forEachPooled(accounts, WIDTH, async (account) => {
    const acc = providerOf(account.provider);
    const state = states.get(idOf(account));
    const subject = `${account.provider}/${account.username}`;
    const base = {
      section: 'games' as const,
      memberId: account.member_id,
      subject,
      reference: null,
      currency: state?.currency ?? null,
    };
    if (!state) {
      acc.differences += 1;
      differences.push({
        ...base,
        kind: 'ledger_account_missing',
        expectedMinor: null,
        foundMinor: null,
        detail: null,
      });
      return;
    }
    if (state.isInFlight) {
      acc.accountsInFlight += 1;
      return;
    }
    if (acc.status === 'unreachable') return;
    let balance: bigint;
    try {
      balance = await deps.games.getBalance(account.provider, account.username);
    } catch (error) {
      const code = error instanceof GameProviderError ? error.code : 'ERROR';
      if (NOT_FOUND_CODES.has(code)) {
        acc.accountsChecked += 1;
        acc.differences += 1;
        acc.ledger += state.balance;
        differences.push({
          ...base,
          kind: 'missing_at_provider',
          expectedMinor: state.balance.toString(),
          foundMinor: null,
          detail: code,
        });
        return;
      }
      // Marked at the first failure, so the accounts after it are not asked (a time-out each would add up); another
      // call of the same provider may have marked it while this one waited.
      if ((acc.status as ProviderCheck['status']) === 'ok')
        deps.log.warn(
          { err: error, provider: account.provider },
          'reconciliation: provider unreachable',
        );
      acc.status = 'unreachable';
      acc.error = code;
      return;
    }
    acc.accountsChecked += 1;
    acc.ledger += state.balance;
    acc.found += balance;
    if (balance === state.balance) return;
    acc.differences += 1;
    differences.push({
      ...base,
      kind: 'balance_mismatch',
      expectedMinor: state.balance.toString(),
      foundMinor: balance.toString(),
      detail: account.synced_at
        ? `last synced ${new Date(account.synced_at).toISOString()}`
        : 'never synced',
    });
  });

  const list = [...providers.values()]
    .sort((a, b) => (a.provider < b.provider ? -1 : 1))
    .map(({ ledger, found, ...rest }) => ({
      ...rest,
      ledgerMinor: ledger.toString(),
      providerMinor: found.toString(),
    }));
  const last = accounts[accounts.length - 1];
  return {
    summary: {
      providers: list,
      accountsChecked: list.reduce((n, p) => n + p.accountsChecked, 0),
      nextCursor: accounts.length === options.limit && last ? last.id : null,
    },
    differences: differences.sort((a, b) => (a.subject < b.subject ? -1 : 1)),
  };
}
