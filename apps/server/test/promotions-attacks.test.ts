import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMessageCode } from '@mekong/contracts/messages';
import type { Database } from '@/db/schema.ts';
import { signedInMember } from './support/members.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * The promotion calls tried as an attacker would (issue 10): malformed, huge, empty and control-character input,
 * bursts of a hundred; every answer is a clear 4xx code, never a 500, and nothing is written.
 */

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await signedInMember(t)).token;
});
afterAll(async () => {
  await t?.close();
});

const TABLES: (keyof Database)[] = [
  'ledger_transfers',
  'member_bonuses',
  'bonus_receipts',
  'promotion_claims',
  'refund_claims',
  'invite_collections',
  'coupons',
  'spin_coin_moves',
  'spin_results',
];
const snapshot = () => Promise.all(TABLES.map((table) => t.countRows(table)));

function expectClearRefusal(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode, JSON.stringify(response.json())).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  const body = response.json() as { message: unknown };
  expect(isMessageCode(body.message)).toBe(true);
}

const CODE_PATHS = ['/api/bonus/activate/', '/api/promotion/find/', '/api/promotion/activate/'];
const BODY_CALLS = [
  { url: '/api/invite', valid: { page: 1, limit: 10 } },
  { url: '/api/refund', valid: { page: 1, limit: 10 } },
  { url: '/api/spinwheel/spin', valid: { clientSeed: 'seed' } },
  { url: '/api/spinwheel/coupon/claim', valid: { coupon: 'NOPE' } },
];

describe('promotion calls refuse bad input with a code and write nothing', () => {
  it('codes in the path: control characters, huge, odd encodings', async () => {
    const before = await snapshot();
    for (const path of CODE_PATHS)
      for (const code of ['%00', 'A%0D', '%1F%7F', 'X'.repeat(5000), '%E0%A4%A', '..%2F..%2Fetc', '%20%20', 'ไทย'])
        expectClearRefusal(await t.api('GET', `${path}${code}`, { token }));
    expect(await snapshot()).toEqual(before);
  });

  it('bodies: malformed, unknown fields, wrong types, huge and control characters', async () => {
    const before = await snapshot();
    for (const call of BODY_CALLS) {
      expectClearRefusal(
        await t.api('POST', call.url, { token, rawBody: '{', headers: { 'content-type': 'application/json' } }),
      );
      expectClearRefusal(await t.api('POST', call.url, { token, body: { ...call.valid, extra: 1 } }));
      await fc.assert(
        fc.asyncProperty(fc.anything(), async (value) => {
          const [field] = Object.keys(call.valid);
          const response = await t.api('POST', call.url, { token, body: { ...call.valid, [field!]: value } });
          expect(response.statusCode).toBeLessThan(500);
        }),
        { numRuns: 40 },
      );
    }
    for (const coupon of ['\u0000', 'A\r', ' ', '', 'C'.repeat(100_000)])
      expectClearRefusal(await t.api('POST', '/api/spinwheel/coupon/claim', { token, body: { coupon } }));
    expectClearRefusal(await t.api('POST', '/api/spinwheel/spin', { token, body: { clientSeed: 'a\u0000' } }));
    expect(await snapshot()).toEqual(before);
  });

  it('a burst of a hundred of each money call with nothing to take: every answer a code, no money moves', async () => {
    const before = await snapshot();
    const burst = async (method: 'GET' | 'POST', url: string, body?: object) => {
      const answers = await Promise.all(
        Array.from({ length: 100 }, () => t.api(method, url, { token, ...(body ? { body } : {}) })),
      );
      for (const answer of answers) expectClearRefusal(answer);
      return new Set(answers.map((a) => (a.json() as { message: string }).message));
    };
    expect(await burst('GET', '/api/invite/bonus')).toEqual(new Set(['NO_INVITE_BONUS']));
    expect(await burst('GET', '/api/bonus/clear')).toEqual(new Set(['BONUS_NOT_ACTIVE']));
    expect(await burst('POST', '/api/spinwheel/spin', {})).toEqual(new Set(['NO_COIN']));
    expect(await burst('GET', '/api/bonus/activate/NEWMEMBER100')).toEqual(new Set(['BONUS_NO_DEPOSIT']));
    expect(await snapshot()).toEqual(before);
  });

  it('every promotion call needs a session', async () => {
    for (const url of ['/api/bonus', '/api/refund/check', '/api/invite/banners', '/api/spinwheel/setup'])
      expect((await t.api('GET', url)).statusCode).toBe(401);
  });
});
