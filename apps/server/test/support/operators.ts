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

/**
 * Step 1 of a sign-in: the password. When the server asks the operator to choose their own password (first sign-in,
 * after a reset), sets `ownPassword`. Answers the challenge token, the step after and the password now in force.
 */
export async function passwordStep(
  t: TestApp,
  username: string,
  password: string,
  ownPassword = `own-${randomBytes(12).toString('hex')}`,
): Promise<{ challengeToken: string; next: 'totp' | 'enrol'; password: string }> {
  const signIn = await adminApi(t, 'POST', '/api/admin/auth/sign-in', {
    body: { username, password },
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  const { challengeToken, next } = signIn.json<{
    challengeToken: string;
    next: 'password' | 'totp' | 'enrol';
  }>();
  if (next !== 'password') return { challengeToken, next, password };
  const set = await adminApi(t, 'POST', '/api/admin/auth/set-password', {
    body: { challengeToken, newPassword: ownPassword },
  });
  expect(set.statusCode, set.body).toBe(200);
  return {
    challengeToken,
    next: set.json<{ next: 'totp' | 'enrol' }>().next,
    password: ownPassword,
  };
}

/** Signs an operator in for the first time: their own password, then the enrolment of an authenticator. */
export async function enrolledSignIn(
  t: TestApp,
  username: string,
  password: string,
): Promise<Omit<TestOperator, 'id' | 'username'>> {
  const step = await passwordStep(t, username, password);
  expect(step.next).toBe('enrol');
  const { challengeToken } = step;
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
  return { password: step.password, secret, token, recoveryCodes };
}

/**
 * Creates an operator of `role` (with a one-time password, like an owner's creation), sets their own password, enrols
 * the authenticator and signs in: a back-office session token.
 */
export async function signedInOperator(
  t: TestApp,
  role: Role,
  username?: string,
): Promise<TestOperator> {
  const name = username ?? `${role}-${randomBytes(3).toString('hex')}`;
  const initialPassword = `pw-${randomBytes(12).toString('hex')}`;
  const { id } = await t.app.operatorAuth.createOperator({
    username: name,
    displayName: name,
    role,
    password: initialPassword,
    mustSetPassword: true,
  });
  return { id, username: name, ...(await enrolledSignIn(t, name, initialPassword)) };
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
