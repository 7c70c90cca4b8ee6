import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/db/database.ts';
import { getMemberBalances } from '@/modules/ledger/ledger.service.ts';
import { saveSetting } from '@/modules/settings/settings.repository.ts';
import { setWithdrawLimits, withdrawCall } from './support/bank.ts';
import {
  creditCash,
  expectLedgerConsistent,
  moneyCall,
  sandboxBalance,
  walletMember,
} from './support/money.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 8 A11: a black-box load of members moving money wallet ↔ game both ways and withdrawing, all at once. On
 * PostgreSQL (DATABASE_URL) the requests truly overlap, so lock conflicts between the batched post, new transfers and
 * withdrawals happen: none of them may reach a member as a 500. PGlite runs transactions one at a time; the test still
 * proves the ledger stays consistent there.
 */

const isPostgres = Boolean(process.env.DATABASE_URL);
const MEMBERS = 20;
/** Requests in flight per member: a member's own requests overlap, as a double-tapping client's do. */
const WORKERS_PER_MEMBER = 3;
const TOTAL_REQUESTS = isPostgres ? 3_000 : 600;
/** The load phase stops at this time even when fewer requests were sent (a busy machine). */
const TIME_LIMIT_MS = 30_000;
const PROVIDERS = ['PG', 'JOKER'] as const;

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp({ DATABASE_POOL_MAX: '20', GAME_TIMEOUT_MS: '10000' });
  db = t.app.deps.db;
  await setWithdrawLimits(t, { dailyCount: 100_000, dailyAmountMinor: 100_000_000_00 });
  await saveSetting(db.kysely, 'withdraw', { minMinor: 1_00, maxMinor: 50_000_00 }, t.clock.now());
});
afterAll(async () => {
  await t?.close();
});

type Member = Awaited<ReturnType<typeof walletMember>> & { usernames: Record<string, string> };

async function loadMember(): Promise<Member> {
  const m = await walletMember(t);
  const usernames: Record<string, string> = {};
  for (const code of PROVIDERS) {
    const activated = await t.api('GET', `/api/wallet/activate/${code}`, { token: m.token });
    expect(activated.statusCode, activated.body).toBe(200);
    const account = await t.api('GET', `/api/wallet/account/${code}`, { token: m.token });
    usernames[code] = (account.json() as { username: string }).username;
  }
  await creditCash(db, m.memberId, 100_000_00n);
  return { ...m, usernames };
}

describe(`load: ${MEMBERS} members moving money both ways and withdrawing (${isPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(`${TOTAL_REQUESTS} requests: no answer is a 500, and the ledger stays consistent`, async () => {
    const members: Member[] = [];
    for (let i = 0; i < MEMBERS; i += 1) members.push(await loadMember());

    const statuses = new Map<string, number>();
    const serverErrors: string[] = [];
    let sent = 0;
    const deadline = Date.now() + TIME_LIMIT_MS;
    const started = Date.now();

    async function worker(m: Member, seed: number) {
      let n = seed;
      while (sent < TOTAL_REQUESTS && Date.now() < deadline) {
        sent += 1;
        n += 1;
        const amount = 1 + (n % 5);
        const game = PROVIDERS[n % PROVIDERS.length] ?? 'PG';
        const op = n % 5;
        const response =
          op === 4
            ? await withdrawCall(t, m.token, amount)
            : await moneyCall(t, '/api/wallet/transfer', m.token, {
                from: op % 2 === 0 ? 'wallet' : game,
                to: op % 2 === 0 ? game : 'wallet',
                amount,
              });
        const { message } = response.json() as { message?: string };
        const label = `${response.statusCode} ${message ?? ''}`;
        statuses.set(label, (statuses.get(label) ?? 0) + 1);
        if (response.statusCode >= 500) serverErrors.push(`${label}: ${response.body}`);
      }
    }

    await Promise.all(
      members.flatMap((m, i) =>
        Array.from({ length: WORKERS_PER_MEMBER }, (_, w) => worker(m, i * 7 + w * 3)),
      ),
    );
    const elapsedMs = Date.now() - started;
    console.info(
      `load: ${sent} requests in ${elapsedMs} ms`,
      Object.fromEntries([...statuses].sort()),
    );

    expect(serverErrors.length, serverErrors.slice(0, 3).join('\n')).toBe(0);
    expect(sent).toBeGreaterThanOrEqual(TOTAL_REQUESTS / 10);

    await expectLedgerConsistent(db);
    for (const m of members) {
      const balances = await getMemberBalances(db.kysely, m.memberId);
      for (const code of PROVIDERS)
        expect(balances.games[code]).toBe(await sandboxBalance(t, code, m.usernames[code] ?? ''));
    }
  }, 180_000);
});
