import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@mekong/contracts/error-body';
import { isMessageCode } from '@mekong/contracts/messages';
import { createTestApp, type ApiOptions, type TestApp } from './support/test-app.ts';
import { PASSWORD, registration, signedInMember, uniqueAccountNo } from './support/members.ts';

let t: TestApp;
let token: string;
let profileBefore: string;

beforeAll(async () => {
  t = await createTestApp();
  const member = await signedInMember(t, { bankCode: 'KTB', bankAccountName: 'Kanya Srisuk' });
  token = member.token;
  profileBefore = (await t.api('GET', '/api/account/profile', { token })).body;
});
afterAll(async () => {
  await t?.close();
});

type Call = {
  method: 'POST' | 'PUT';
  url: string;
  valid: () => Record<string, unknown>;
  isSignedIn?: boolean;
};

/** Every call of this slice that takes a JSON body, with a body that would pass validation. */
const calls: Call[] = [
  { method: 'POST', url: '/api/otp/send', valid: () => ({ phoneNumber: '0899999999' }) },
  {
    method: 'POST',
    url: '/api/otp/verify',
    valid: () => ({ otpToken: 'a'.repeat(43), otpCode: '123456' }),
  },
  {
    method: 'POST',
    url: '/api/account/password/forgot',
    valid: () => ({ phoneNumber: '0899999997' }),
  },
  {
    method: 'POST',
    url: '/api/account/password/reset',
    valid: () => ({
      phoneNumber: '0899999996',
      otpToken: 'a'.repeat(43),
      password: 'new pass 123',
    }),
  },
  { method: 'POST', url: '/api/account/validate', valid: () => ({ ...registration() }) },
  { method: 'POST', url: '/api/account', valid: () => ({ ...registration() }) },
  {
    method: 'POST',
    url: '/api/login',
    valid: () => ({ username: '0899999998', password: 'some password' }),
  },
  {
    method: 'PUT',
    url: '/api/account/profile',
    isSignedIn: true,
    valid: () => ({
      name: 'New Name',
      bankCode: 'SCB',
      bankAccountName: 'NEW NAME',
      bankAccountNo: uniqueAccountNo(),
    }),
  },
  {
    method: 'PUT',
    url: '/api/account/bankAccountName',
    isSignedIn: true,
    valid: () => ({ bankCode: 'KTB', bankAccountName: 'OTHER NAME' }),
  },
  {
    method: 'PUT',
    url: '/api/account/changepwd',
    isSignedIn: true,
    valid: () => ({ oldPassword: PASSWORD, newPassword: 'another pass 1' }),
  },
];

async function snapshot() {
  const rows = await Promise.all(
    (['members', 'member_bank_accounts', 'sessions', 'otp_requests'] as const).map((table) =>
      t.countRows(table),
    ),
  );
  const outbox = (await (await fetch(`${t.sandboxUrl}/sms/outbox`)).json()) as unknown[];
  const profile = (await t.api('GET', '/api/account/profile', { token })).body;
  return { rows, outbox: outbox.length, profile };
}

async function send(call: Call, options: ApiOptions) {
  return t.api(call.method, call.url, { ...options, token: call.isSignedIn ? token : undefined });
}

function expectClearRefusal(response: { statusCode: number; json(): unknown }, expected?: string) {
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  // The catalogue code, and nothing else but a limit's end (errorBodySchema is strict).
  const body = errorBodySchema.parse(response.json());
  expect(isMessageCode(body.message)).toBe(true);
  if (expected) expect(body.message).toBe(expected);
}

describe.each(calls)('bad input on $method $url changes nothing', (call) => {
  let before: Awaited<ReturnType<typeof snapshot>>;
  beforeAll(async () => {
    before = await snapshot();
  });
  afterAll(async () => {
    expect(await snapshot()).toEqual(before);
    expect(before.profile).toBe(profileBefore);
  });

  it('malformed JSON → INVALID_JSON', async () => {
    for (const rawBody of ['{', '{"a":', "{'a': 1}", '{"a": 1,}', '']) {
      expectClearRefusal(
        await send(call, { rawBody, headers: { 'content-type': 'application/json' } }),
        'INVALID_JSON',
      );
    }
  });

  it('a body above 64 KiB → BODY_TOO_LARGE', async () => {
    const body = { ...call.valid(), padding: 'x'.repeat(70 * 1024) };
    expectClearRefusal(await send(call, { body }), 'BODY_TOO_LARGE');
  });

  it('a body that is not JSON → UNSUPPORTED_MEDIA_TYPE', async () => {
    expectClearRefusal(
      await send(call, {
        rawBody: 'a=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expectClearRefusal(
      await send(call, {
        rawBody: JSON.stringify(call.valid()),
        headers: { 'content-type': 'text/plain' },
      }),
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it('JSON that is not an object → INVALID_REQUEST', async () => {
    for (const rawBody of ['[]', '[{}]', '42', '"text"', 'true', 'null']) {
      expectClearRefusal(
        await send(call, { rawBody, headers: { 'content-type': 'application/json' } }),
        'INVALID_REQUEST',
      );
    }
  });

  it('an unknown field → UNKNOWN_FIELD', async () => {
    expectClearRefusal(
      await send(call, { body: { ...call.valid(), isAdmin: true } }),
      'UNKNOWN_FIELD',
    );
    expectClearRefusal(
      await send(call, { body: { ...call.valid(), __proto__x: 1, constructor: 'x' } }),
      'UNKNOWN_FIELD',
    );
  });

  it('each field with a wrong type → a catalogue code', async () => {
    const valid = call.valid();
    for (const field of Object.keys(valid)) {
      for (const wrong of [12345, true, null, {}, [], ['0812345678'], 'x'.repeat(5000)]) {
        const response = await send(call, { body: { ...valid, [field]: wrong } });
        // An optional code may be empty; anything else must be refused.
        if (response.statusCode === 200)
          throw new Error(`${field}=${JSON.stringify(wrong)} was accepted`);
        expectClearRefusal(response);
        expect(
          (response.json() as { message: string }).message,
          `${field}=${JSON.stringify(wrong)}`,
        ).not.toBe('INTERNAL_SERVER_ERROR');
      }
    }
  });

  it('any JSON value at all → a clear code, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), async (value) => {
        const response = await send(call, {
          rawBody: JSON.stringify(value) ?? 'null',
          headers: { 'content-type': 'application/json' },
        });
        expectClearRefusal(response);
      }),
      { numRuns: 40 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom(...Object.keys(call.valid())),
          fc.oneof(fc.string({ maxLength: 30 }), fc.integer(), fc.constant(null)),
        ),
        async (partial) => {
          const response = await send(call, { body: partial });
          expect(response.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('a control character anywhere in a string field → a clear code, never a 500', async () => {
    const valid = call.valid();
    const textFields = Object.keys(valid).filter((k) => typeof valid[k] === 'string');
    if (textFields.length === 0) return;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...textFields),
        fc.oneof(fc.integer({ min: 0, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f })),
        fc.nat(),
        async (field, code, at) => {
          const text = String(valid[field]);
          const position = at % (text.length + 1);
          const bad = `${text.slice(0, position)}${String.fromCharCode(code)}${text.slice(position)}`;
          const response = await send(call, { body: { ...valid, [field]: bad } });
          expectClearRefusal(response);
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('bad input on POST /api/logout', () => {
  it('refuses a body it does not take and keeps the session', async () => {
    const cases: [ApiOptions, string][] = [
      [{ body: { everywhere: true } }, 'UNKNOWN_FIELD'],
      [{ rawBody: '[1]', headers: { 'content-type': 'application/json' } }, 'INVALID_REQUEST'],
      [{ rawBody: '{', headers: { 'content-type': 'application/json' } }, 'INVALID_JSON'],
      [{ rawBody: 'x', headers: { 'content-type': 'text/plain' } }, 'UNSUPPORTED_MEDIA_TYPE'],
      [{ body: { padding: 'x'.repeat(70 * 1024) } }, 'BODY_TOO_LARGE'],
    ];
    for (const [options, message] of cases) {
      expectClearRefusal(await t.api('POST', '/api/logout', { ...options, token }), message);
    }
    expect((await t.api('GET', '/api/account/profile', { token })).statusCode).toBe(200);
  });
});
