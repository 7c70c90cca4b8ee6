import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSetting } from '@/modules/settings/settings.repository.ts';
import { cashOf } from './support/bank.ts';
import { createMoneyInTestApp, type MoneyInTestApp } from './support/money-in.ts';
import { walletMember } from './support/money.ts';

let t: MoneyInTestApp;
beforeAll(async () => {
  t = await createMoneyInTestApp();
});
afterAll(async () => {
  await t?.close();
});

const setTerminated = (terminated: boolean) =>
  saveSetting(t.app.deps.db.kysely, 'service', { terminated }, t.clock.now());

describe('QR webhooks while the service is terminated (issue 8 A12)', () => {
  it('accepts a paid notice and holds the payment for an operator: not credited, not lost', async () => {
    const m = await walletMember(t);
    const created = await t.api('POST', '/api/qrcode/KBANK', { token: m.token, body: { amount: 250 } });
    expect(created.statusCode, created.body).toBe(200);
    const { reference } = await t.app.deps.db.kysely
      .selectFrom('qr_payments')
      .select('reference')
      .where('member_id', '=', m.memberId)
      .executeTakeFirstOrThrow();

    await setTerminated(true);
    try {
      // Members are turned away…
      expect((await t.api('GET', '/api/wallet', { token: m.token })).json()).toEqual({
        message: 'gone',
      });
      // …but the gateway's notice of money already paid is taken, twice.
      const answer = await t.gatewayPost('/sandbox/qr/pay', {
        provider: 'KBANK',
        reference,
        times: 2,
      });
      const deliveries = (answer.json as { data: { deliveries: { httpStatus: number; body?: string }[] } })
        .data.deliveries;
      expect(deliveries.map((d) => d.httpStatus)).toEqual([200, 200]);
      expect(JSON.parse(deliveries[0]?.body ?? '{}')).toMatchObject({
        result: 'held',
        holdReason: 'SERVICE_TERMINATED',
      });
      expect(JSON.parse(deliveries[1]?.body ?? '{}')).toMatchObject({ result: 'duplicate' });
    } finally {
      await setTerminated(false);
    }
    expect(await cashOf(t, m.memberId)).toBe(0n);
    const row = await t.app.deps.db.kysely
      .selectFrom('qr_payments')
      .select(['status', 'hold_reason', 'paid_amount', 'transfer_id'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'held', hold_reason: 'SERVICE_TERMINATED', transfer_id: null });
    expect(BigInt(row.paid_amount ?? 0)).toBe(250_00n);
  });
});
