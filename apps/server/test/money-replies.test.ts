import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRUELINK_DEV_SECRET } from '@mekong/contracts/deposit';
import { encryptTrueLink } from '@mekong/contracts/truelink-crypto';
import { cashOf } from './support/bank.ts';
import { createMoneyInTestApp, type MoneyInTestApp } from './support/money-in.ts';
import { expectLedgerConsistent, walletMember } from './support/money.ts';

// docs/decisions/0024-unknown-money-outcomes.md: a replay under the same Idempotency-Key gets the first answer.
let t: MoneyInTestApp;
beforeAll(async () => {
  t = await createMoneyInTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function voucher(ownerPhone: string, amountMinor: number): Promise<string> {
  const answer = await t.gatewayPost('/sandbox/truemoney/vouchers', { ownerPhone, amountMinor });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return (answer.json as { link: string }).link;
}

async function send(token: string, link: string, key: string | null) {
  return t.api('POST', '/api/wallet/truelink', {
    token,
    headers: key === null ? {} : { 'idempotency-key': key },
    body: { link: await encryptTrueLink(link, TRUELINK_DEV_SECRET) },
  });
}

describe('replaying a money call under its Idempotency-Key', () => {
  it('answers a replayed gift link with the first result and credits once; a new key is still a duplicate', async () => {
    const m = await walletMember(t);
    const link = await voucher(m.username, 150_00);
    const key = randomUUID();
    const first = await send(m.token, link, key);
    expect(first.statusCode, first.body).toBe(200);
    const replay = await send(m.token, link, key.toUpperCase());
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(await cashOf(t, m.memberId)).toBe(150_00n);

    // Sent again by the member (a new submission, a new key) it is what it is: a duplicate.
    const again = await send(m.token, link, randomUUID());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'TRUELINK_DUPLICATE' });
    expect((await send(m.token, link, null)).json()).toEqual({ message: 'TRUELINK_DUPLICATE' });
    expect(await cashOf(t, m.memberId)).toBe(150_00n);
  });

  it('answers a replayed refusal with the same refusal', async () => {
    const m = await walletMember(t);
    const link = await voucher(m.username, 1_99);
    const key = randomUUID();
    const first = await send(m.token, link, key);
    expect(first.json()).toEqual({ message: 'TRUELINK_MINIMUM' });
    const replay = await send(m.token, link, key);
    expect(replay.statusCode).toBe(first.statusCode);
    expect(replay.json()).toEqual({ message: 'TRUELINK_MINIMUM' });
  });

  it('parallel requests under one key run the call once and all get its answer', async () => {
    const m = await walletMember(t);
    const link = await voucher(m.username, 20_00);
    const key = randomUUID();
    const answers = await Promise.all([0, 1, 2, 3].map(() => send(m.token, link, key)));
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ message: 'SUCCESS', amount: 20 });
    }
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await cashOf(t, m.memberId)).toBe(20_00n);
    await expectLedgerConsistent(t.app.deps.db);
  });

  it("keeps one member's key apart from another's, and refuses a key reused on another call", async () => {
    const a = await walletMember(t);
    const b = await walletMember(t);
    const key = randomUUID();
    const linkA = await voucher(a.username, 30_00);
    const linkB = await voucher(b.username, 40_00);
    expect((await send(a.token, linkA, key)).json()).toMatchObject({ amount: 30 });
    expect((await send(b.token, linkB, key)).json()).toMatchObject({ amount: 40 });
    const other = await t.api('GET', '/api/refund/receive', { token: a.token, headers: { 'idempotency-key': key } });
    expect(other.json()).toEqual({ message: 'IDEMPOTENCY_KEY_REUSED' });
    expect(other.statusCode).toBe(409);
  });
});
