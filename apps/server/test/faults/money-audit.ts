import { expect } from 'vitest';
import { SANDBOX_DEFAULT_SECRETS } from '@mekong/contracts/installation-secrets';
import type { Db } from '@/db/database.ts';
import { getMemberBalances } from '@/modules/ledger/ledger.service.ts';
import { sandboxControl } from './fault-kit.ts';

/**
 * The money checks of the fault suite (docs/decisions/0019-cluster-and-faults.md#what-the-fault-suite-proves): the
 * ledger's own invariants, then every money movement against the outside parties (the sandbox's game providers and
 * bank), to the satang.
 */

export type AuditedMember = {
  memberId: string;
  bankAccountNo: string;
  usernames: Record<string, string>;
  depositedMinor: bigint;
};

type SandboxAccount = { provider: string; username: string; balanceMinor: number };
type SandboxPayout = { reference: string; accountNo: string; amountMinor: number; status: string };

/** What the provider says about one reference (the ledger transfer id). */
async function providerStatus(sandboxUrl: string, provider: string, reference: string) {
  const response = await fetch(`${sandboxUrl}/games/${provider}/transfers/${reference}`, {
    headers: { authorization: `Bearer ${SANDBOX_DEFAULT_SECRETS.GAME_API_KEY}` },
  });
  return ((await response.json()) as { status: string }).status;
}

/**
 * Every game transfer and payout of the ledger agrees with the outside party, and every member's money adds up:
 * deposited = cash + game balances at the providers + paid out by the bank. Answers the counts it checked.
 */
export async function expectLedgerMatchesSandbox(
  db: Db,
  sandboxUrl: string,
  members: AuditedMember[],
) {
  const transfers = await db.kysely
    .selectFrom('ledger_transfers')
    .select(['id', 'kind', 'status', 'amount', 'metadata', 'member_id'])
    .where('kind', 'in', ['game_in', 'game_out', 'withdraw'])
    .execute();
  expect(transfers.filter((t) => t.status === 'pending')).toEqual([]);

  // Game legs: posted exactly when the provider applied the reference.
  const mismatchedLegs: string[] = [];
  const legs = transfers.filter((t) => t.kind !== 'withdraw');
  for (let i = 0; i < legs.length; i += 20) {
    await Promise.all(
      legs.slice(i, i + 20).map(async (t) => {
        const status = await providerStatus(sandboxUrl, String(t.metadata?.provider), t.id);
        const isApplied = status === 'success';
        if (isApplied !== (t.status === 'posted'))
          mismatchedLegs.push(`${t.kind} ${t.id}: ledger ${t.status}, provider ${status}`);
      }),
    );
  }
  expect(mismatchedLegs).toEqual([]);

  // Payouts: posted exactly when the bank paid that reference, once; the bank paid nothing the ledger does not know.
  const payouts = (await sandboxControl(sandboxUrl, '/sandbox/bank/payouts')) as SandboxPayout[];
  const paid = payouts.filter((p) => p.status === 'success');
  const paidByReference = new Map<string, SandboxPayout[]>();
  for (const p of paid)
    paidByReference.set(p.reference, [...(paidByReference.get(p.reference) ?? []), p]);
  const withdrawals = transfers.filter((t) => t.kind === 'withdraw');
  const mismatchedPayouts: string[] = [];
  for (const t of withdrawals) {
    const bank = paidByReference.get(t.id) ?? [];
    const isPaid = bank.length === 1 && BigInt(bank[0]?.amountMinor ?? -1) === BigInt(t.amount);
    if (bank.length > 1 || isPaid !== (t.status === 'posted'))
      mismatchedPayouts.push(`${t.id}: ledger ${t.status}, bank ${bank.length} payout(s)`);
  }
  expect(mismatchedPayouts).toEqual([]);
  const known = new Set(withdrawals.map((t) => t.id));
  expect(paid.filter((p) => !known.has(p.reference))).toEqual([]);

  // Each member, to the satang.
  const accounts = (await sandboxControl(
    sandboxUrl,
    '/sandbox/games/accounts',
  )) as SandboxAccount[];
  const balanceAt = new Map(accounts.map((a) => [`${a.provider}/${a.username}`, a.balanceMinor]));
  for (const m of members) {
    const ledger = await getMemberBalances(db.kysely, m.memberId);
    let atProviders = 0n;
    for (const [provider, username] of Object.entries(m.usernames)) {
      const provided = BigInt(balanceAt.get(`${provider}/${username}`) ?? -1);
      expect(ledger.games[provider] ?? 0n, `${provider} balance`).toBe(provided);
      atProviders += provided;
    }
    const paidOut = paid
      .filter((p) => p.accountNo === m.bankAccountNo)
      .reduce((sum, p) => sum + BigInt(p.amountMinor), 0n);
    expect(ledger.cash + atProviders + paidOut, `money of member ${m.memberId}`).toBe(
      m.depositedMinor,
    );
  }
  return { legs: legs.length, withdrawals: withdrawals.length, paid: paid.length };
}
