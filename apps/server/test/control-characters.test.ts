import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember } from './support/members.ts';
import { adminApi, signedInOperator } from './support/operators.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let token: string;
let member: Awaited<ReturnType<typeof signedInMember>>;
beforeAll(async () => {
  t = await createTestApp();
  member = await signedInMember(t);
  token = member.token;
});
afterAll(async () => {
  await t?.close();
});

/** A profile saved with this name is refused with INVALID_CHARACTERS, and the profile stays as it was. */
async function expectNameRefused(name: string) {
  const before = (await t.api('GET', '/api/account/profile', { token })).body;
  const response = await t.api('PUT', '/api/account/profile', {
    token,
    body: {
      name,
      bankCode: member.bankCode,
      bankAccountName: member.bankAccountName,
      bankAccountNo: member.bankAccountNo,
    },
  });
  expect(response.json()).toEqual({ message: 'INVALID_CHARACTERS' });
  expect(response.statusCode).toBe(400);
  expect((await t.api('GET', '/api/account/profile', { token })).body).toBe(before);
}

describe('control characters never make a 500 (issue 8 A9)', () => {
  it.each([
    ['GET', '/api/wallet/account/%00'],
    ['GET', '/api/wallet/account/P%01G'],
    ['GET', '/api/statement/slip/reference/%00'],
    ['GET', '/api/statement/slip/reference/AB%1BC'],
    ['GET', '/api/autoLogin/PG/user%00/pass'],
  ] as const)('%s %s → INVALID_CHARACTERS', async (method, url) => {
    const response = await t.api(method, url, { token });
    expect(response.json()).toEqual({ message: 'INVALID_CHARACTERS' });
    expect(response.statusCode).toBe(400);
  });

  it('a transfer to "P\\u0000G" → INVALID_CHARACTERS, nothing moves', async () => {
    const before = await t.api('GET', '/api/wallet', { token });
    for (const body of [
      { from: 'wallet', to: 'P\u0000G', amount: 1 },
      { from: 'P\u0000G', to: 'wallet', amount: 1 },
    ]) {
      const response = await t.api('POST', '/api/wallet/transfer', {
        token,
        body,
        headers: { 'idempotency-key': crypto.randomUUID() },
      });
      expect(response.json()).toEqual({ message: 'INVALID_CHARACTERS' });
      expect(response.statusCode).toBe(400);
    }
    expect((await t.api('GET', '/api/wallet', { token })).json()).toEqual(before.json());
  });

  it('a profile named "K\\u0000" → INVALID_CHARACTERS, the profile unchanged', async () => {
    await expectNameRefused('K\u0000');
  });
});

describe('a database error caused by bad input (issue 8 A9)', () => {
  it('is a 400 with a code, from the real driver', async () => {
    const { sql } = await import('kysely');
    const { codeForError } = await import('@/plugins/error-envelope.ts');
    const error = await sql`select ${'K\u0000'}::text as t`
      .execute(t.app.deps.db.kysely)
      .then(() => null, (e: unknown) => e);
    expect(error).not.toBeNull();
    expect(codeForError(error)).toBe('INVALID_REQUEST');
  });
});

describe('bidirectional controls are refused like control characters (text spoofing)', () => {
  it('a profile named "GRACE\\u202eRETSET" → INVALID_CHARACTERS, the profile unchanged', async () => {
    await expectNameRefused('GRACE\u202eRETSET');
  });

  it('an operator notice "\\u2066…\\u2069" → INVALID_CHARACTERS, the notice unchanged', async () => {
    const owner = await signedInOperator(t, 'owner');
    const read = async () =>
      (await adminApi(t, 'GET', '/api/admin/settings', { token: owner.token })).json<{
        notice: unknown;
      }>().notice;
    const before = await read();
    const response = await adminApi(t, 'PUT', '/api/admin/settings/notice', {
      token: owner.token,
      body: { text: { th: '\u2066ประกาศ\u2069', la: 'ແຈ້ງ', en: 'Notice' } },
    });
    expect(response.json()).toEqual({ message: 'INVALID_CHARACTERS' });
    expect(response.statusCode).toBe(400);
    expect(await read()).toEqual(before);
  });
});
