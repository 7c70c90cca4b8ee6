import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSetting } from '@/modules/settings/settings.repository.ts';
import { cashOf, depositViaBank, statementOf } from './support/bank.ts';
import { expectLedgerConsistent, walletMember } from './support/money.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const setManual = (isManual: boolean) =>
  saveSetting(t.app.deps.db.kysely, 'deposit', { isManual }, t.clock.now());
const notices = () => t.app.moneyIn.notices;

async function notify(token: string, amount: unknown, key?: string) {
  return t.api('POST', '/api/wallet/add', {
    token,
    body: { amount },
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
}

describe('manual deposit notices (POST /api/wallet/add)', () => {
  it('is refused while the deposit lookup’s isManual is off', async () => {
    await setManual(false);
    const m = await walletMember(t);
    const response = await notify(m.token, 100);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'MANUAL_DEPOSIT_OFF' });
    expect(await t.countRows('deposit_notices')).toBe(0);
  });

  it('records a pending notice that never credits by itself; an operator confirms it once', async () => {
    await setManual(true);
    const m = await walletMember(t);
    const response = await notify(m.token, 500);
    expect(response.statusCode, response.body).toBe(200);
    const { depositId, status } = response.json<{ depositId: string; status: string }>();
    expect(status).toBe('PENDING');
    await notices().matchWithBankFeed();
    expect(await cashOf(t, m.memberId)).toBe(0n);

    const confirmed = await notices().confirmManualDeposit(depositId, 'operator-1');
    expect(confirmed.status).toBe('confirmed');
    expect(await cashOf(t, m.memberId)).toBe(500_00n);
    const twice = await Promise.all([
      notices().confirmManualDeposit(depositId, 'operator-1'),
      notices().confirmManualDeposit(depositId, 'operator-2'),
    ]);
    expect(twice.map((n) => n.status)).toEqual(['confirmed', 'confirmed']);
    expect(await cashOf(t, m.memberId)).toBe(500_00n);
    const { statements } = await statementOf(t, m.token);
    expect(statements).toEqual([
      expect.objectContaining({ statementType: 'deposit', amount: 500, status: 'SUCCESS' }),
    ]);
    await expect(notices().rejectManualDeposit(depositId, 'operator-1')).rejects.toMatchObject({
      code: 'INVALID_REQUEST',
    });
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('is matched to the bank feed’s credit of that amount, so the money is credited once', async () => {
    await setManual(true);
    const m = await walletMember(t);
    const { depositId } = (await notify(m.token, 250.5)).json<{ depositId: string }>();
    const other = (await notify(m.token, 999)).json<{ depositId: string }>();
    await depositViaBank(t, m, 250_50);
    expect(await cashOf(t, m.memberId)).toBe(250_50n);
    expect(await notices().matchWithBankFeed()).toEqual({ matched: 1 });
    expect((await notices().get(depositId)).status).toBe('matched');
    expect((await notices().get(other.depositId)).status).toBe('pending');
    // An operator confirming it afterwards credits nothing more.
    expect((await notices().confirmManualDeposit(depositId, 'operator-1')).status).toBe('matched');
    expect(await cashOf(t, m.memberId)).toBe(250_50n);

    // Confirming a notice whose money the feed credited but the job has not matched yet: matched, not credited.
    const late = (await notify(m.token, 75)).json<{ depositId: string }>();
    await depositViaBank(t, m, 75_00);
    expect((await notices().confirmManualDeposit(late.depositId, 'operator-1')).status).toBe(
      'matched',
    );
    expect(await cashOf(t, m.memberId)).toBe(325_50n);
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('rejects, repeats by idempotency key, caps open notices, and refuses bad input with a clear code', async () => {
    await setManual(true);
    const m = await walletMember(t);
    const key = randomUUID();
    const a = (await notify(m.token, 10, key)).json<{ depositId: string }>();
    const b = (await notify(m.token, 10, key)).json<{ depositId: string }>();
    expect(b.depositId).toBe(a.depositId);
    const rejected = await notices().rejectManualDeposit(a.depositId, 'operator-1');
    expect(rejected.status).toBe('rejected');
    expect((await notify(m.token, 10, key)).json()).toMatchObject({ status: 'FAILED' });
    for (let i = 0; i < 5; i += 1) expect((await notify(m.token, 11 + i)).statusCode).toBe(200);
    const capped = await notify(m.token, 20);
    expect(capped.json()).toEqual({ message: 'REQUEST_LIMIT' });

    for (const [amount, code] of [
      [0, 'TRANSFER_MINIMUM'],
      [-1, 'TRANSFER_MINIMUM'],
      ['10', 'INVALID_AMOUNT'],
      [1.234, 'INVALID_AMOUNT'],
    ] as const) {
      const response = await notify(m.token, amount);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: code });
    }
    expect((await notify(m.token, 10, 'not-a-uuid')).json()).toEqual({ message: 'KEY_INVALID' });
    await expect(notices().confirmManualDeposit(randomUUID(), 'op')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await cashOf(t, m.memberId)).toBe(0n);
  });
});
