import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { generate } from 'otplib';
import type { Role } from '@mekong/contracts/admin/admin-contract';
import type { TestApp } from './test-app.ts';

export type TestOperator = {
  id: string;
  username: string;
  password: string;
  secret: string;
  token: string;
  recoveryCodes: string[];
};

/** The current TOTP code of a secret at the test clock's time. */
export function totpAt(t: TestApp, secret: string, offsetSeconds = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + offsetSeconds });
}

/** Moves the test clock to the next 30-second TOTP step, so a fresh code is not refused as already used. */
export function nextTotpStep(t: TestApp): void {
  const ms = t.clock.now().getTime();
  t.clock.advance(30_000 - (ms % 30_000) + 1);
}

export function adminApi(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { token?: string; body?: unknown; ip?: string } = {},
) {
  return t.api(method, url, {
    body: options.body,
    ip: options.ip,
    isWithoutMarker: true,
    headers: {
      'x-client': 'backoffice',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
  });
}

/** Creates an operator of `role`, enrols its authenticator and signs it in: a back-office session token. */
export async function signedInOperator(
  t: TestApp,
  role: Role,
  username?: string,
): Promise<TestOperator> {
  const name = username ?? `${role}-${randomBytes(3).toString('hex')}`;
  const password = `pw-${randomBytes(12).toString('hex')}`;
  const { id } = await t.app.operatorAuth.createOperator({
    username: name,
    displayName: name,
    role,
    password,
  });
  const signIn = await adminApi(t, 'POST', '/api/admin/auth/sign-in', {
    body: { username: name, password },
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  const { challengeToken } = signIn.json<{ challengeToken: string }>();
  const start = await adminApi(t, 'POST', '/api/admin/auth/enrol/start', {
    body: { challengeToken },
  });
  expect(start.statusCode, start.body).toBe(200);
  const { secret } = start.json<{ secret: string }>();
  const confirm = await adminApi(t, 'POST', '/api/admin/auth/enrol/confirm', {
    body: { challengeToken, code: await totpAt(t, secret) },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  const { token, recoveryCodes } = confirm.json<{ token: string; recoveryCodes: string[] }>();
  return { id, username: name, password, secret, token, recoveryCodes };
}

/** A fresh re-authentication for money decisions (moves the clock to a new TOTP step first). */
export async function reauthenticate(t: TestApp, operator: TestOperator): Promise<void> {
  nextTotpStep(t);
  const response = await adminApi(t, 'POST', '/api/admin/auth/reauth', {
    token: operator.token,
    body: { password: operator.password, code: await totpAt(t, operator.secret) },
  });
  expect(response.statusCode, response.body).toBe(200);
}
