import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { expect } from 'vitest';
import type { startJobsApp } from './jobs-app.ts';

/** What the fault tests share: members registered over HTTP, settings written straight into the database. */

export type HttpAnswer = { status: number; body: Record<string, unknown> };

/** A JSON call; answers the status and the parsed body (never throws for a status). */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<HttpAnswer> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      'x-client': 'member-web',
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text };
  }
  return { status: response.status, body };
}

/** Writes an operator setting (every process reads it within the settings cache time, 3 s). */
export async function writeSetting(databaseUrl: string, key: string, value: unknown) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into operator_settings (key, value, updated_at) values ($1, $2::jsonb, now())
       on conflict (key) do update set value = excluded.value, updated_at = now()`,
      [key, JSON.stringify(value)],
    );
  } finally {
    await client.end();
  }
}

export type FaultMember = {
  phone: string;
  token: string;
  bankCode: string;
  bankAccountNo: string;
};

/** Registers and signs in a member over HTTP (registration codes must be off: writeSetting('registerOtp', …)). */
export async function registerMember(baseUrl: string): Promise<FaultMember> {
  const phone = `08${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;
  const bankAccountNo = String(1_000_000_000 + (randomBytes(4).readUInt32BE() % 8_999_999_999));
  const password = 'fault password 1';
  const created = await call(baseUrl, 'POST', '/api/account', {
    body: {
      name: 'Fault Member',
      username: phone,
      password,
      bankCode: 'KBANK',
      bankAccountName: 'Fault Member',
      bankAccountNo,
      sourceCode: 'facebook',
    },
  });
  if (created.status !== 200)
    throw new Error(`register: ${created.status} ${JSON.stringify(created.body)}`);
  const login = await call(baseUrl, 'POST', '/api/login', { body: { username: phone, password } });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
  return { phone, token: String(login.body.token), bankCode: 'KBANK', bankAccountNo };
}

/** A sandbox control call (no key). */
export async function sandboxControl(sandboxUrl: string, path: string, body?: unknown) {
  const response = await fetch(`${sandboxUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const json: unknown = await response.json();
  if (!response.ok) throw new Error(`sandbox ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

export const newKey = () => randomUUID();

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it is true or `timeoutMs` passed (then throws, naming `what`). */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

export type GameMember = FaultMember & { memberId: string; username: string };

/**
 * A member registered over HTTP, with a PG game account and `amountMinor` deposited by a bank transfer that the jobs
 * app's bank feed credits.
 */
export async function fundedGameMember(
  serverUrl: string,
  sandboxUrl: string,
  jobs: Awaited<ReturnType<typeof startJobsApp>>,
  amountMinor: number,
): Promise<GameMember> {
  const registered = await registerMember(serverUrl);
  const token = registered.token;
  expect((await call(serverUrl, 'GET', '/api/wallet/activate/PG', { token })).status).toBe(200);
  const account = await call(serverUrl, 'GET', '/api/wallet/account/PG', { token });
  await sandboxControl(sandboxUrl, '/sandbox/bank/credit-member', {
    bankCode: registered.bankCode,
    accountNo: registered.bankAccountNo,
    amountMinor,
  });
  expect(await jobs.creditBankFeed(1)).toBe(1);
  return {
    ...registered,
    memberId: await jobs.memberIdOf(registered.phone),
    username: String(account.body.username),
  };
}

/** A wallet → PG transfer with a fresh idempotency key. */
export const transferToGame = (serverUrl: string, member: FaultMember, amount: number) =>
  call(serverUrl, 'POST', '/api/wallet/transfer', {
    token: member.token,
    body: { from: 'wallet', to: 'PG', amount },
    headers: { 'idempotency-key': newKey() },
  });
