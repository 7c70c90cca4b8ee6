import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptPeriod } from '@/modules/bonus/bonus-rules.ts';
import { activate, addBonus, deposit, depositedMember, get } from './support/bonus.ts';
import { expectLedgerConsistent } from './support/money.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * docs/decisions/0013-promotions.md#bonus: receipts counted per period — ever (limit), the players' day (day), their
 * ISO week (week) — in Asia/Bangkok (UTC+7), with the injected clock.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerConsistent(t.app.deps.db);
  await t?.close();
});

/** A Bangkok wall-clock time as an instant. */
const bangkok = (local: string) => new Date(`${local}+07:00`);
const message = (r: { json(): unknown }) => (r.json() as { message: string }).message;

type Member = Awaited<ReturnType<typeof depositedMember>>;

/** Deposits, activates, and (when it started) clears the bonus, at `at`; answers the activation's message. */
async function receiveAt(m: Member, code: string, at: Date): Promise<string> {
  t.clock.set(at);
  await deposit(t, m.memberId, 20_000n);
  const r = await activate(t, code, m.token);
  const answer = message(r);
  if (answer === 'SUCCESS')
    expect(message(await get(t, '/api/bonus/clear', m.token))).toBe('BONUS_CLEAR');
  return answer;
}

describe('receipt periods', () => {
  it('names the Bangkok date and ISO week, not the UTC ones', () => {
    // 23:30 UTC on 1 Nov is already Monday 2 Nov in Bangkok.
    expect(receiptPeriod('day', new Date('2026-11-01T23:30:00Z'))).toBe('2026-11-02');
    expect(receiptPeriod('day', new Date('2026-11-01T16:59:59Z'))).toBe('2026-11-01');
    expect(receiptPeriod('week', new Date('2026-11-08T16:59:59Z'))).toBe('2026-W45');
    expect(receiptPeriod('week', new Date('2026-11-08T17:00:00Z'))).toBe('2026-W46');
    expect(receiptPeriod('week', bangkok('2026-12-31T12:00:00'))).toBe('2026-W53');
    expect(receiptPeriod('week', bangkok('2027-01-01T00:00:00'))).toBe('2026-W53');
    expect(receiptPeriod('week', bangkok('2027-01-04T00:00:00'))).toBe('2027-W01');
    expect(receiptPeriod('limit', bangkok('2027-01-04T00:00:00'))).toBe('all');
  });

  it('day: maxReceived a day, again from Bangkok midnight (17:00 UTC)', async () => {
    const code = await addBonus(t, { type: 'day', maxReceived: 2 });
    const m = await depositedMember(t);
    expect(await receiveAt(m, code, bangkok('2026-11-03T00:00:00'))).toBe('SUCCESS');
    expect(await receiveAt(m, code, bangkok('2026-11-03T12:00:00'))).toBe('SUCCESS');
    expect(await receiveAt(m, code, bangkok('2026-11-03T23:59:59'))).toBe('BONUS_MAX_CLAIMED');
    expect(await receiveAt(m, code, bangkok('2026-11-04T00:00:00'))).toBe('SUCCESS');
    const list = (await get(t, '/api/bonus', m.token)).json() as {
      bonuses: { code: string; userBonus: { received: { updatedAt: string }[] } }[];
    };
    expect(list.bonuses.find((b) => b.code === code)?.userBonus.received).toEqual([
      { updatedAt: '2026-11-02T17:00:00.000Z' },
      { updatedAt: '2026-11-03T05:00:00.000Z' },
      { updatedAt: '2026-11-03T17:00:00.000Z' },
    ]);
  });

  it('week: once an ISO week, again from Monday 00:00 Bangkok (Sunday 17:00 UTC)', async () => {
    const code = await addBonus(t, { type: 'week', maxReceived: 1 });
    const m = await depositedMember(t);
    expect(await receiveAt(m, code, bangkok('2026-11-09T00:00:00'))).toBe('SUCCESS');
    expect(await receiveAt(m, code, bangkok('2026-11-12T10:00:00'))).toBe('BONUS_MAX_CLAIMED');
    expect(await receiveAt(m, code, bangkok('2026-11-15T23:59:59'))).toBe('BONUS_MAX_CLAIMED');
    // Still Sunday in UTC, already Monday in Bangkok.
    expect(await receiveAt(m, code, new Date('2026-11-15T17:00:00Z'))).toBe('SUCCESS');
  });

  it('limit: maxReceived ever, whatever the day or week', async () => {
    const code = await addBonus(t, { type: 'limit', maxReceived: 2 });
    const m = await depositedMember(t);
    expect(await receiveAt(m, code, bangkok('2026-11-20T10:00:00'))).toBe('SUCCESS');
    expect(await receiveAt(m, code, bangkok('2026-11-21T10:00:00'))).toBe('SUCCESS');
    const r = await receiveAt(m, code, bangkok('2026-11-26T10:00:00'));
    expect(r).toBe('BONUS_MAX_CLAIMED');
    const minimum = (await get(t, '/api/bonus/check/minimum', m.token)).json() as {
      minimum: number | null;
    };
    // The exhausted bonus no longer counts for the minimum (the demo bonuses still do).
    expect(minimum.minimum).toBe(50);
  });
});
