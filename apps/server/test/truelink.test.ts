import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRUELINK_DEV_SECRET } from '@mekong/contracts/deposit';
import { encryptTrueLink } from '@mekong/contracts/truelink-crypto';
import { cashOf, statementOf } from './support/bank.ts';
import { uniquePhone } from './support/members.ts';
import { createMoneyInTestApp, type MoneyInTestApp } from './support/money-in.ts';
import { expectLedgerConsistent, walletMember } from './support/money.ts';

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

async function send(token: string, link: string, secret = TRUELINK_DEV_SECRET) {
  return t.api('POST', '/api/wallet/truelink', {
    token,
    body: { link: await encryptTrueLink(link, secret) },
  });
}

async function voucherRow(link: string) {
  const hash = new URL(link).searchParams.get('v') ?? '';
  return t.app.deps.db.kysely
    .selectFrom('truemoney_vouchers')
    .select(['status', 'reason', 'amount', 'member_id'])
    .where('voucher_hash', '=', hash)
    .executeTakeFirstOrThrow();
}

describe('TrueMoney gift links (D6)', () => {
  it('credits the voucher of the member’s own phone once, and shows it in the statement', async () => {
    const m = await walletMember(t);
    const link = await voucher(m.username, 150_00);
    const first = await send(m.token, link);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ message: 'SUCCESS', amount: 150 });
    expect(await cashOf(t, m.memberId)).toBe(150_00n);
    const again = await send(m.token, link);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'TRUELINK_DUPLICATE' });
    expect(await cashOf(t, m.memberId)).toBe(150_00n);
    const { statements } = await statementOf(t, m.token);
    expect(statements).toEqual([
      expect.objectContaining({
        statementType: 'deposit',
        amount: 150,
        status: 'SUCCESS',
        to: 'wallet',
      }),
    ]);
  });

  it('credits once when the same link is sent in parallel', async () => {
    const m = await walletMember(t);
    const link = await voucher(m.username, 20_00);
    const answers = await Promise.all([0, 1, 2, 3].map(() => send(m.token, link)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(
      answers.filter((a) => a.json<{ message: string }>().message === 'TRUELINK_DUPLICATE'),
    ).toHaveLength(3);
    expect(await cashOf(t, m.memberId)).toBe(20_00n);
    await expectLedgerConsistent(t.app.deps.db);
  });

  it('a voucher of another phone is redeemed but held for an operator: TRUELINK_NOT_OWNER, nothing credited', async () => {
    const m = await walletMember(t);
    const link = await voucher(uniquePhone(), 80_00);
    const answer = await send(m.token, link);
    expect(answer.json()).toEqual({ message: 'TRUELINK_NOT_OWNER' });
    expect(await cashOf(t, m.memberId)).toBe(0n);
    expect(await voucherRow(link)).toMatchObject({ status: 'held', reason: 'TRUELINK_NOT_OWNER' });
    expect(Number((await voucherRow(link)).amount)).toBe(80_00);
    expect((await send(m.token, link)).json()).toEqual({ message: 'TRUELINK_DUPLICATE' });
  });

  it('a voucher under 2 baht is held: TRUELINK_MINIMUM', async () => {
    const m = await walletMember(t);
    const link = await voucher(m.username, 1_99);
    expect((await send(m.token, link)).json()).toEqual({ message: 'TRUELINK_MINIMUM' });
    expect(await cashOf(t, m.memberId)).toBe(0n);
    expect((await voucherRow(link)).status).toBe('held');
    const two = await voucher(m.username, 2_00);
    expect((await send(m.token, two)).statusCode).toBe(200);
    expect(await cashOf(t, m.memberId)).toBe(2_00n);
  });

  it('refuses links that do not decrypt or are not gift links, and vouchers the service refuses', async () => {
    const m = await walletMember(t);
    const link = await voucher(m.username, 10_00);
    const bad: unknown[] = [
      link, // not encrypted
      '',
      'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAA',
      123,
      null,
    ];
    for (const value of bad) {
      const response = await t.api('POST', '/api/wallet/truelink', {
        token: m.token,
        body: { link: value },
      });
      expect(response.statusCode, String(value)).toBe(400);
      expect(response.json()).toEqual({ message: 'TRUELINK_INVALID' });
    }
    expect((await send(m.token, link, 'another secret of enough length')).json()).toEqual({
      message: 'TRUELINK_INVALID',
    });
    expect(
      (await send(m.token, 'https://example.com/campaign/?v=abcdefghijklmnopqrstuvwxyz')).json(),
    ).toEqual({
      message: 'TRUELINK_INVALID',
    });
    const unknown = 'https://gift.truemoney.com/campaign/?v=ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ';
    expect((await send(m.token, unknown)).json()).toEqual({ message: 'TRUELINK_INVALID' });
    // A voucher the service refused (nothing redeemed) is not burnt here: it was failed, not used.
    expect((await voucherRow(unknown)).status).toBe('failed');
    const extra = await t.api('POST', '/api/wallet/truelink', {
      token: m.token,
      body: { link: await encryptTrueLink(link, TRUELINK_DEV_SECRET), more: 1 },
    });
    expect(extra.json()).toEqual({ message: 'UNKNOWN_FIELD' });
    expect(await cashOf(t, m.memberId)).toBe(0n);
    // The genuine one still works after all that.
    expect((await send(m.token, link)).statusCode).toBe(200);
  });

  it('an unknown outcome (voucher service fault) can be retried by the member and credits once', async () => {
    const m = await walletMember(t);
    const link = await voucher(m.username, 30_00);
    await t.gatewayPost('/sandbox/truemoney/faults', { nextOutcomes: ['error-after'] });
    try {
      const first = await send(m.token, link);
      expect(first.statusCode).toBe(503);
      expect(first.json()).toEqual({ message: 'SERVICE_UNAVAILABLE' });
      expect(await cashOf(t, m.memberId)).toBe(0n);
      expect((await voucherRow(link)).status).toBe('unknown');
      // Another member can't take it over meanwhile.
      const other = await walletMember(t);
      expect((await send(other.token, link)).json()).toEqual({ message: 'TRUELINK_DUPLICATE' });
    } finally {
      await t.gatewayPost('/sandbox/truemoney/faults/clear', {});
    }
    const retry = await send(m.token, link);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await cashOf(t, m.memberId)).toBe(30_00n);
  });
});
