import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isMessageCode } from '@mekong/contracts/messages';
import { walletResponseSchema, type WalletResponse } from '@mekong/contracts/wallet';
import type { Db } from '@/db/database.ts';
import { memberAccountId } from '@/modules/ledger/ledger-ids.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import {
  clearGameFaults,
  creditCash,
  expectLedgerConsistent,
  moneyCall,
  sandboxAccounts,
  sandboxBalance,
  sandboxPost,
  setGameFaults,
  walletMember,
} from './support/money.ts';

let t: TestApp;
let db: Db;
beforeAll(async () => {
  // Short adapter time-out and void delay so unknown outcomes settle within a test.
  t = await createTestApp({ GAME_TIMEOUT_MS: '1500', GAME_RECONCILE_AFTER_MS: '1000' });
  db = t.app.deps.db;
});
afterEach(async () => {
  await clearGameFaults(t);
});
afterAll(async () => {
  await t?.close();
});

type Member = Awaited<ReturnType<typeof walletMember>>;

async function getWallet(token: string): Promise<WalletResponse> {
  const response = await t.api('GET', '/api/wallet', { token });
  expect(response.statusCode, response.body).toBe(200);
  return walletResponseSchema.parse(response.json());
}

async function activate(m: Member, code: string) {
  const response = await t.api('GET', `/api/wallet/activate/${code}`, { token: m.token });
  expect(response.statusCode, response.body).toBe(200);
}

/** A member with cash and active game accounts. */
async function fundedMember(cashMinor = 1000_00n, providers: string[] = ['PG']) {
  const m = await walletMember(t);
  if (cashMinor > 0n) await creditCash(db, m.memberId, cashMinor);
  for (const p of providers) await activate(m, p);
  return m;
}

const slot = (w: WalletResponse, code: string) => w.slots.find((s) => s.code === code);

async function gameUsername(m: Member, code: string) {
  const response = await t.api('GET', `/api/wallet/account/${code}`, { token: m.token });
  return (response.json() as { username: string }).username;
}

async function expectError(
  response: { statusCode: number; json(): unknown },
  status: number,
  message: string,
) {
  expect(response.json()).toEqual({ message });
  expect(response.statusCode).toBe(status);
}

describe('GET /api/wallet', () => {
  it('shows profile, empty wallets and every enabled provider as inactive', async () => {
    const m = await walletMember(t);
    const w = await getWallet(m.token);
    expect(w.profile.username).toBe(m.username);
    expect(w.bankAccount.bankAccountNo).toBe(m.bankAccountNo);
    expect(w.wallet).toEqual({ amount: 0, bonusAmount: 0, hasReceivedBonus: false });
    expect(w.overall).toMatchObject({ total: 0, inviteAmount: 0, inviteSuccess: 0, inviteFail: 0 });
    expect(new Date(w.overall.timesync).toISOString()).toBe(w.overall.timesync);
    expect(w.slots).toHaveLength(16);
    expect(w.slots.every((s) => !s.isActive && s.amount === 0)).toBe(true);
    expect(slot(w, 'HUAYHD')?.category).toBe('lotto');
    expect(slot(w, 'PG')?.hasAutoLogin).toBe(true);
    expect(slot(w, 'JOKER')?.hasAutoLogin).toBe(false);
  });

  it('needs a session', async () => {
    await expectError(await t.api('GET', '/api/wallet'), 401, 'UNAUTHORIZED');
  });

  it('leaves out a provider the operator switched off', async () => {
    await db.kysely
      .updateTable('game_providers')
      .set({ is_enabled: false })
      .where('code', '=', 'USUN')
      .execute();
    // The catalogue is cached in process; whatever changes it tells the games service (the back office will).
    t.app.moneyCore.games.forgetProviders();
    try {
      const m = await walletMember(t);
      const w = await getWallet(m.token);
      expect(w.slots.map((s) => s.code)).not.toContain('USUN');
      await expectError(
        await t.api('GET', '/api/wallet/activate/USUN', { token: m.token }),
        404,
        'NO_GAME',
      );
    } finally {
      await db.kysely
        .updateTable('game_providers')
        .set({ is_enabled: true })
        .where('code', '=', 'USUN')
        .execute();
      t.app.moneyCore.games.forgetProviders();
    }
  });
});

describe('game accounts', () => {
  it('activates once, shows the credentials the provider knows, and resets the password', async () => {
    const m = await walletMember(t);
    const response = await t.api('GET', '/api/wallet/activate/pg', { token: m.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'SUCCESS',
      slot: { code: 'PG', isActive: true, amount: 0 },
    });
    await expectError(
      await t.api('GET', '/api/wallet/activate/PG', { token: m.token }),
      409,
      'SLOT_ALREADY_ACTIVE',
    );
    expect(slot(await getWallet(m.token), 'PG')?.isActive).toBe(true);

    const creds = (await t.api('GET', '/api/wallet/account/PG', { token: m.token })).json() as {
      username: string;
      password: string;
    };
    const atProvider = (await sandboxAccounts(t, 'PG')).find((a) => a.username === creds.username);
    expect(atProvider?.password).toBe(creds.password);
    // Stored encrypted, never in plain text.
    const stored = await db.kysely
      .selectFrom('member_game_accounts')
      .select('password_enc')
      .where('member_id', '=', m.memberId)
      .executeTakeFirstOrThrow();
    expect(stored.password_enc).not.toContain(creds.password);

    const reset = (
      await t.api('GET', '/api/wallet/resetpassword/PG', { token: m.token })
    ).json() as {
      username: string;
      password: string;
    };
    expect(reset.username).toBe(creds.username);
    expect(reset.password).not.toBe(creds.password);
    expect(
      (await sandboxAccounts(t, 'PG')).find((a) => a.username === creds.username)?.password,
    ).toBe(reset.password);
    expect((await t.api('GET', '/api/wallet/account/PG', { token: m.token })).json()).toEqual(
      reset,
    );
  });

  it('answers NO_GAME for an unknown provider and SLOT_NO_ACCOUNT for one not activated', async () => {
    const m = await walletMember(t);
    for (const path of ['activate', 'account', 'resetpassword'])
      await expectError(
        await t.api('GET', `/api/wallet/${path}/NOPE`, { token: m.token }),
        404,
        'NO_GAME',
      );
    await expectError(
      await t.api('GET', `/api/wallet/activate/${'X'.repeat(40)}`, { token: m.token }),
      404,
      'NO_GAME',
    );
    await expectError(
      await t.api('GET', '/api/wallet/account/JOKER', { token: m.token }),
      404,
      'SLOT_NO_ACCOUNT',
    );
    await expectError(
      await t.api('GET', '/api/wallet/resetpassword/JOKER', { token: m.token }),
      404,
      'SLOT_NO_ACCOUNT',
    );
  });

  it('a provider failure is SLOT_ACTIVATE_FAIL, and a retry finishes the same account', async () => {
    const m = await walletMember(t);
    await setGameFaults(t, { provider: 'SLOTXO', failureRate: 1 });
    await expectError(
      await t.api('GET', '/api/wallet/activate/SLOTXO', { token: m.token }),
      502,
      'SLOT_ACTIVATE_FAIL',
    );
    expect(slot(await getWallet(m.token), 'SLOTXO')?.isActive).toBe(false);
    await clearGameFaults(t);
    await activate(m, 'SLOTXO');
    const creds = (await t.api('GET', '/api/wallet/account/SLOTXO', { token: m.token })).json() as {
      username: string;
      password: string;
    };
    const matching = (await sandboxAccounts(t, 'SLOTXO')).filter(
      (a) => a.username === creds.username,
    );
    expect(matching).toHaveLength(1);
    expect(matching[0]?.password).toBe(creds.password);
  });

  it('a failed password reset is SLOT_RESET_PASSWORD_FAIL and keeps the old password', async () => {
    const m = await fundedMember(0n, ['CIRCUS']);
    const before = (await t.api('GET', '/api/wallet/account/CIRCUS', { token: m.token })).json();
    await setGameFaults(t, { provider: 'CIRCUS', failureRate: 1 });
    await expectError(
      await t.api('GET', '/api/wallet/resetpassword/CIRCUS', { token: m.token }),
      502,
      'SLOT_RESET_PASSWORD_FAIL',
    );
    await clearGameFaults(t);
    expect((await t.api('GET', '/api/wallet/account/CIRCUS', { token: m.token })).json()).toEqual(
      before,
    );
  });

  it('auto-login gives a launch link for the member’s own account at the 11 providers that have it', async () => {
    const m = await fundedMember(0n, ['PG', 'JOKER']);
    const username = await gameUsername(m, 'PG');
    const ok = await t.api('GET', `/api/autoLogin/pg/${username}`, { token: m.token });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as { url: string }).url).toMatch(/\/games\/PG\/play\?token=/);
    const password = (
      (await t.api('GET', '/api/wallet/account/PG', { token: m.token })).json() as {
        password: string;
      }
    ).password;
    expect(
      (await t.api('GET', `/api/autoLogin/PG/${username}/${password}`, { token: m.token }))
        .statusCode,
    ).toBe(200);
    await expectError(
      await t.api('GET', `/api/autoLogin/PG/${username}/wrong-password`, { token: m.token }),
      404,
      'SLOT_NO_ACCOUNT',
    );
    await expectError(
      await t.api('GET', `/api/autoLogin/PG/someoneelse`, { token: m.token }),
      404,
      'SLOT_NO_ACCOUNT',
    );
    await expectError(
      await t.api('GET', `/api/autoLogin/JOKER/${await gameUsername(m, 'JOKER')}`, {
        token: m.token,
      }),
      404,
      'NO_GAME',
    );
    await expectError(
      await t.api('GET', `/api/autoLogin/BETFLIX/${username}`, { token: m.token }),
      404,
      'SLOT_NO_ACCOUNT',
    );
    const other = await walletMember(t);
    await expectError(
      await t.api('GET', `/api/autoLogin/PG/${username}`, { token: other.token }),
      404,
      'SLOT_NO_ACCOUNT',
    );
  });
});

describe('POST /api/wallet/transfer rules (docs/spec.md §5)', () => {
  let m: Member;
  beforeAll(async () => {
    m = await fundedMember(100_00n, ['PG']);
  });

  const cases: [string, unknown, number, string][] = [
    ['same account', { from: 'wallet', to: 'wallet', amount: 10 }, 400, 'TRANSFER_SAME_ACCOUNT'],
    ['same game, any case', { from: 'PG', to: 'pg', amount: 10 }, 400, 'TRANSFER_SAME_ACCOUNT'],
    ['under 1 baht', { from: 'wallet', to: 'PG', amount: 0.99 }, 400, 'TRANSFER_MINIMUM'],
    ['zero', { from: 'wallet', to: 'PG', amount: 0 }, 400, 'TRANSFER_MINIMUM'],
    ['negative', { from: 'wallet', to: 'PG', amount: -5 }, 400, 'TRANSFER_MINIMUM'],
    ['three decimals', { from: 'wallet', to: 'PG', amount: 1.001 }, 400, 'INVALID_AMOUNT'],
    ['amount as text', { from: 'wallet', to: 'PG', amount: '10' }, 400, 'INVALID_AMOUNT'],
    ['huge amount', { from: 'wallet', to: 'PG', amount: 1e12 }, 400, 'AMOUNT_TOO_LARGE'],
    ['no from', { to: 'PG', amount: 10 }, 404, 'NO_GAME'],
    ['empty to', { from: 'wallet', to: ' ', amount: 10 }, 404, 'NO_GAME'],
    ['unknown game', { from: 'wallet', to: 'NOPE', amount: 10 }, 404, 'NO_GAME'],
    ['game not activated', { from: 'wallet', to: 'JOKER', amount: 10 }, 404, 'NO_GAME'],
    ['from a game not activated', { from: 'JOKER', to: 'wallet', amount: 10 }, 404, 'NO_GAME'],
    [
      'more than the wallet holds',
      { from: 'wallet', to: 'PG', amount: 100.01 },
      400,
      'MONEY_NOT_ENOUGH',
    ],
    ['more than the game holds', { from: 'PG', to: 'wallet', amount: 1 }, 400, 'MONEY_NOT_ENOUGH'],
    ['an extra field', { from: 'wallet', to: 'PG', amount: 10, note: 'x' }, 400, 'UNKNOWN_FIELD'],
    ['not an object', [1, 2], 400, 'INVALID_REQUEST'],
  ];
  it.each(cases)('%s', async (_name, body, status, message) => {
    const transfers = await t.countRows('ledger_transfers');
    await expectError(await moneyCall(t, '/api/wallet/transfer', m.token, body), status, message);
    expect(await t.countRows('ledger_transfers')).toBe(transfers);
    expect((await getWallet(m.token)).wallet.amount).toBe(100);
  });

  it('needs an Idempotency-Key that is a UUID', async () => {
    const body = { from: 'wallet', to: 'PG', amount: 10 };
    await expectError(
      await t.api('POST', '/api/wallet/transfer', { token: m.token, body }),
      400,
      'KEY_MISSING',
    );
    await expectError(
      await t.api('POST', '/api/wallet/transfer', {
        token: m.token,
        body,
        headers: { 'idempotency-key': 'abc' },
      }),
      400,
      'KEY_INVALID',
    );
    await expectError(
      await t.api('POST', '/api/wallet/transferAll', { token: m.token, body: { to: 'PG' } }),
      400,
      'KEY_MISSING',
    );
    expect((await getWallet(m.token)).wallet.amount).toBe(100);
  });
});

describe('transfers between the wallet and games', () => {
  it('moves money in and out; the provider holds exactly the game balance; the total stays', async () => {
    const m = await fundedMember(500_00n, ['PG', 'JOKER']);
    const username = await gameUsername(m, 'PG');

    const into = await moneyCall(t, '/api/wallet/transfer', m.token, {
      from: 'wallet',
      to: 'PG',
      amount: 120.5,
    });
    expect(into.statusCode, into.body).toBe(200);
    expect(into.json()).toMatchObject({ message: 'SUCCESS', status: 'SUCCESS' });
    let w = await getWallet(m.token);
    expect(w.wallet.amount).toBe(379.5);
    expect(slot(w, 'PG')?.amount).toBe(120.5);
    expect(w.overall.total).toBe(500);
    expect(await sandboxBalance(t, 'PG', username)).toBe(120_50n);

    const back = await moneyCall(t, '/api/wallet/transfer', m.token, {
      from: 'pg',
      to: 'WALLET',
      amount: 20.5,
    });
    expect(back.statusCode, back.body).toBe(200);
    const across = await moneyCall(t, '/api/wallet/transfer', m.token, {
      from: 'PG',
      to: 'JOKER',
      amount: 50,
    });
    expect(across.statusCode, across.body).toBe(200);
    w = await getWallet(m.token);
    expect(w.wallet.amount).toBe(400);
    expect(slot(w, 'PG')?.amount).toBe(50);
    expect(slot(w, 'JOKER')?.amount).toBe(50);
    expect(w.overall.total).toBe(500);
    expect(await sandboxBalance(t, 'PG', username)).toBe(50_00n);
    expect(await sandboxBalance(t, 'JOKER', await gameUsername(m, 'JOKER'))).toBe(50_00n);
    // The two legs of a game-to-game transfer share a group.
    const legs = await db.kysely
      .selectFrom('ledger_transfers')
      .select(['kind', 'group_id'])
      .where('member_id', '=', m.memberId)
      .where('group_id', 'is not', null)
      .execute();
    expect(legs.map((l) => l.kind).sort()).toEqual(['game_in', 'game_out']);
    expect(new Set(legs.map((l) => l.group_id)).size).toBe(1);
    await expectLedgerConsistent(db);
  });

  it('a game activated after the member’s first transfers can be used at once (NO_GAME before)', async () => {
    const m = await fundedMember(100_00n, ['PG']);
    const call = (to: string) =>
      moneyCall(t, '/api/wallet/transfer', m.token, { from: 'wallet', to, amount: 10 });
    expect((await call('PG')).statusCode).toBe(200);
    await expectError(await call('JOKER'), 404, 'NO_GAME');
    await activate(m, 'JOKER');
    const into = await call('JOKER');
    expect(into.statusCode, into.body).toBe(200);
    expect(await sandboxBalance(t, 'JOKER', await gameUsername(m, 'JOKER'))).toBe(10_00n);
    const w = await getWallet(m.token);
    expect([w.wallet.amount, slot(w, 'PG')?.amount, slot(w, 'JOKER')?.amount]).toEqual([
      80, 10, 10,
    ]);
    await expectLedgerConsistent(db);
  });

  it('a repeated Idempotency-Key returns the first result and moves money once (sequential and concurrent)', async () => {
    const m = await fundedMember(100_00n, ['PG']);
    const key = randomUUID();
    const body = { from: 'wallet', to: 'PG', amount: 10 };
    const first = await moneyCall(t, '/api/wallet/transfer', m.token, body, key);
    const again = await moneyCall(t, '/api/wallet/transfer', m.token, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const otherAmount = await moneyCall(
      t,
      '/api/wallet/transfer',
      m.token,
      { ...body, amount: 11 },
      key,
    );
    await expectError(otherAmount, 409, 'IDEMPOTENCY_KEY_REUSED');

    const concurrentKey = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        moneyCall(t, '/api/wallet/transfer', m.token, body, concurrentKey),
      ),
    );
    const ids = new Set(answers.map((a) => (a.json() as { transferId: string }).transferId));
    expect(ids.size).toBe(1);
    for (const a of answers) expect([200, 202]).toContain(a.statusCode);
    // A replay racing the first request may see it still pending; either way it settles once.
    t.clock.advance(2_000);
    await t.app.moneyCore.games.reconcilePending();
    const w = await getWallet(m.token);
    expect(w.wallet.amount).toBe(80);
    expect(slot(w, 'PG')?.amount).toBe(20);
    expect(await sandboxBalance(t, 'PG', await gameUsername(m, 'PG'))).toBe(20_00n);
  });

  it('a definite provider failure answers TRANSFER_FAIL and returns the money at once', async () => {
    const m = await fundedMember(100_00n, ['PG']);
    await setGameFaults(t, { provider: 'PG', nextOutcomes: ['fail'] });
    const key = randomUUID();
    const body = { from: 'wallet', to: 'PG', amount: 40 };
    await expectError(
      await moneyCall(t, '/api/wallet/transfer', m.token, body, key),
      502,
      'TRANSFER_FAIL',
    );
    let w = await getWallet(m.token);
    expect(w.wallet.amount).toBe(100);
    expect(slot(w, 'PG')?.amount).toBe(0);
    // The repeat reports the same failure and moves nothing.
    await expectError(
      await moneyCall(t, '/api/wallet/transfer', m.token, body, key),
      502,
      'TRANSFER_FAIL',
    );
    w = await getWallet(m.token);
    expect(w.wallet.amount).toBe(100);
    const rows = await db.kysely
      .selectFrom('ledger_transfers')
      .select('status')
      .where('member_id', '=', m.memberId)
      .where('kind', '=', 'game_in')
      .execute();
    expect(rows).toEqual([{ status: 'voided' }]);
    await expectLedgerConsistent(db);
  });

  it('an unknown outcome answers 202 TRANSFER_PENDING; reconciliation settles it by the reference', async () => {
    const m = await fundedMember(100_00n, ['PG']);
    const username = await gameUsername(m, 'PG');
    // Applied, then a 500: the provider has the money.
    await setGameFaults(t, { provider: 'PG', nextOutcomes: ['error-after', 'error-before'] });
    const applied = await moneyCall(t, '/api/wallet/transfer', m.token, {
      from: 'wallet',
      to: 'PG',
      amount: 30,
    });
    expect(applied.statusCode).toBe(202);
    expect(applied.json()).toMatchObject({ message: 'TRANSFER_PENDING', status: 'PENDING' });
    // Not applied, then a 500.
    const lost = await moneyCall(t, '/api/wallet/transfer', m.token, {
      from: 'wallet',
      to: 'PG',
      amount: 20,
    });
    expect(lost.statusCode).toBe(202);
    let w = await getWallet(m.token);
    expect(w.wallet.amount).toBe(50); // both reserved
    expect(slot(w, 'PG')?.amount).toBe(0);
    expect(await sandboxBalance(t, 'PG', username)).toBe(30_00n);

    // Too young to be asked about.
    expect(await t.app.moneyCore.games.reconcilePending()).toMatchObject({ posted: 0, voided: 0 });
    t.clock.advance(2_000);
    await t.app.moneyCore.games.reconcilePending();
    w = await getWallet(m.token);
    expect(slot(w, 'PG')?.amount).toBe(30); // success → posted
    expect(w.wallet.amount).toBe(50); // not_found is voided only when old enough
    t.clock.advance(t.config.GAME_NOT_FOUND_VOID_AFTER_MS);
    await t.app.moneyCore.games.reconcilePending();
    w = await getWallet(m.token);
    expect(w.wallet.amount).toBe(70);
    expect(slot(w, 'PG')?.amount).toBe(30);
    expect(w.overall.total).toBe(100);
    await expectLedgerConsistent(db);
  });

  it('a time-out is an unknown outcome too', async () => {
    const m = await fundedMember(100_00n, ['PG']);
    await setGameFaults(t, { provider: 'PG', nextOutcomes: ['timeout-after'], hangMs: 3_000 });
    const response = await moneyCall(t, '/api/wallet/transfer', m.token, {
      from: 'wallet',
      to: 'PG',
      amount: 10,
    });
    expect(response.statusCode).toBe(202);
    t.clock.advance(2_000);
    await t.app.moneyCore.games.reconcilePending();
    expect(slot(await getWallet(m.token), 'PG')?.amount).toBe(10);
  });

  it('transferAll brings every game home, or sends everything into one game', async () => {
    const m = await fundedMember(300_00n, ['PG', 'JOKER', 'HUAYHD']);
    for (const [to, amount] of [
      ['PG', 100],
      ['JOKER', 50],
    ] as const)
      expect(
        (await moneyCall(t, '/api/wallet/transfer', m.token, { from: 'wallet', to, amount }))
          .statusCode,
      ).toBe(200);

    const toGame = await moneyCall(t, '/api/wallet/transferAll', m.token, { to: 'HUAYHD' });
    expect(toGame.statusCode, toGame.body).toBe(200);
    expect(toGame.json()).toEqual({ message: 'SUCCESS', amount: 300 });
    let w = await getWallet(m.token);
    expect(w.wallet.amount).toBe(0);
    expect(slot(w, 'HUAYHD')?.amount).toBe(300);
    expect(slot(w, 'PG')?.amount).toBe(0);

    const key = randomUUID();
    const home = await moneyCall(t, '/api/wallet/transferAll', m.token, { to: 'wallet' }, key);
    expect(home.json()).toEqual({ message: 'SUCCESS', amount: 300 });
    const again = await moneyCall(t, '/api/wallet/transferAll', m.token, { to: 'wallet' }, key);
    expect(again.json()).toEqual({ message: 'SUCCESS', amount: 300 });
    w = await getWallet(m.token);
    expect(w.wallet.amount).toBe(300);
    expect(w.overall.total).toBe(300);
    await expectError(
      await moneyCall(t, '/api/wallet/transferAll', m.token, { to: 'wallet' }),
      400,
      'MONEY_NOT_ENOUGH',
    );
    await expectError(
      await moneyCall(t, '/api/wallet/transferAll', m.token, { to: 'SLOTXO' }),
      404,
      'NO_GAME',
    );
    await expectLedgerConsistent(db);
  });
});

describe('game balance sync', () => {
  it('books wins and losses at the provider as game results, and the total follows', async () => {
    const m = await fundedMember(100_00n, ['PG']);
    const username = await gameUsername(m, 'PG');
    await moneyCall(t, '/api/wallet/transfer', m.token, { from: 'wallet', to: 'PG', amount: 50 });
    await sandboxPost(t, '/sandbox/games/play', {
      provider: 'PG',
      username,
      results: [{ betMinor: 10_00, winMinor: 35_25 }],
    });
    t.clock.advance(1000);
    const refreshed = await t.api('GET', '/api/wallet/refresh/slot', { token: m.token });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    let w = walletResponseSchema.parse(refreshed.json());
    expect(slot(w, 'PG')?.amount).toBe(75.25);
    expect(w.overall.total).toBe(125.25);
    expect(w.overall.timesync).toBe(t.clock.now().toISOString());

    await sandboxPost(t, '/sandbox/games/play', {
      provider: 'PG',
      username,
      results: [{ betMinor: 60_00, winMinor: 0 }],
    });
    t.clock.advance(1000);
    await t.app.moneyCore.games.syncAll();
    w = await getWallet(m.token);
    expect(slot(w, 'PG')?.amount).toBe(15.25);
    const results = await db.kysely
      .selectFrom('ledger_transfers')
      .select(['kind', 'debit_account_id', 'status'])
      .where('member_id', '=', m.memberId)
      .where('kind', '=', 'game_result')
      .orderBy('created_at')
      .execute();
    expect(results).toHaveLength(2);
    expect(results[1]?.debit_account_id).toBe(memberAccountId(m.memberId, 'game', 'PG'));
    // Nothing changed: nothing booked.
    await t.app.moneyCore.games.syncAll();
    expect(
      await db.kysely
        .selectFrom('ledger_transfers')
        .select('id')
        .where('member_id', '=', m.memberId)
        .where('kind', '=', 'game_result')
        .execute(),
    ).toHaveLength(2);
    await expectLedgerConsistent(db);
  });

  it('skips an account while a transfer of it is pending, then catches up', async () => {
    const m = await fundedMember(100_00n, ['PG']);
    await setGameFaults(t, { provider: 'PG', nextOutcomes: ['error-after'] });
    expect(
      (
        await moneyCall(t, '/api/wallet/transfer', m.token, {
          from: 'wallet',
          to: 'PG',
          amount: 40,
        })
      ).statusCode,
    ).toBe(202);
    // The provider already holds 40 the ledger has not posted: a sync now would book a false win.
    await t.api('GET', '/api/wallet/refresh/slot', { token: m.token });
    expect(slot(await getWallet(m.token), 'PG')?.amount).toBe(0);
    t.clock.advance(2_000);
    await t.app.moneyCore.games.reconcilePending();
    await t.api('GET', '/api/wallet/refresh/slot', { token: m.token });
    const w = await getWallet(m.token);
    expect(slot(w, 'PG')?.amount).toBe(40);
    expect(w.overall.total).toBe(100);
    await expectLedgerConsistent(db);
  });
});

describe('bad input never answers 500 and moves nothing', () => {
  it('any JSON body on transfer and transferAll, and any path on the game calls', async () => {
    const m = await fundedMember(50_00n, ['PG']);
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          from: fc.oneof(fc.string(), fc.constantFrom('wallet', 'PG', 'JOKER'), fc.jsonValue()),
          to: fc.oneof(fc.string(), fc.constantFrom('wallet', 'PG', 'WALLET'), fc.jsonValue()),
          amount: fc.oneof(
            fc.double(),
            fc.integer(),
            fc.string(),
            fc.constant(Number.POSITIVE_INFINITY),
            fc.jsonValue(),
          ),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        body,
        fc.constantFrom('/api/wallet/transfer', '/api/wallet/transferAll'),
        async (b, url) => {
          // Amounts over what the member holds, so a valid body is refused too (MONEY_NOT_ENOUGH) and nothing moves.
          const safe =
            b &&
            typeof b === 'object' &&
            !Array.isArray(b) &&
            typeof (b as { amount?: unknown }).amount === 'number'
              ? { ...b, amount: Math.max(Math.abs((b as { amount: number }).amount), 60) }
              : b;
          const response = await moneyCall(
            t,
            url,
            m.token,
            url.endsWith('All') ? { to: (b as { to?: unknown })?.to } : safe,
          );
          expect(response.statusCode, response.body).toBeLessThan(500);
          if (response.statusCode >= 400)
            expect(isMessageCode((response.json() as { message: string }).message)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
    const paths = fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('activate', 'account', 'resetpassword', 'autoLogin'),
        paths,
        paths,
        async (call, a, b) => {
          const url =
            call === 'autoLogin' ? `/api/autoLogin/${a}/${b}` : `/api/wallet/${call}/${a}`;
          const response = await t.api('GET', url, { token: m.token });
          expect(response.statusCode, `${url} ${response.body}`).toBeLessThan(500);
          // A random path can name the member's own game in other letter case ("pG"): that call succeeds.
          if (response.statusCode >= 400)
            expect(isMessageCode((response.json() as { message?: string }).message)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
    // Whatever moved (transferAll between the wallet and PG is valid), the member's money is all there.
    const w = await getWallet(m.token);
    expect(w.wallet.amount + (slot(w, 'PG')?.amount ?? 0)).toBe(50);
    await expectLedgerConsistent(db);
  });
});
