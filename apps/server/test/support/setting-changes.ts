import { expect } from 'vitest';
import { adminApi, nextTotpStep, totpAt, type TestOperator } from './operators.ts';
import type { TestApp } from './test-app.ts';

/** The name of the periodic job that applies waiting setting changes whose delay has passed. */
export { SETTING_CHANGES_JOB } from '@/jobs/setting-changes-jobs.ts';

/** A fresh re-authentication from `ip` (an allowlist may be in force). */
async function reauthenticate(t: TestApp, operator: TestOperator, ip?: string): Promise<void> {
  nextTotpStep(t);
  const response = await adminApi(t, 'POST', '/api/admin/auth/reauth', {
    token: operator.token,
    body: { password: operator.password, code: await totpAt(t, operator.secret) },
    ip,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/**
 * A money-critical change as the back office makes it (docs/back-office/settings.md#changes-that-wait-for-a-second-operator):
 * the requester re-authenticates and saves, the change waits, a second operator re-authenticates and confirms it.
 * `send` makes the requester's call (a setting PUT or a deposit-account call); answers the change's id.
 */
export async function requestChange(
  t: TestApp,
  requester: TestOperator,
  send: () => Promise<{ statusCode: number; body: string; json: () => unknown }>,
  ip?: string,
): Promise<string> {
  await reauthenticate(t, requester, ip);
  const response = await send();
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json() as { message: string; pending: { id: string } | null };
  expect(answer.pending, response.body).not.toBeNull();
  return answer.pending!.id;
}

export async function confirmChange(t: TestApp, confirmer: TestOperator, id: string, ip?: string) {
  await reauthenticate(t, confirmer, ip);
  const response = await adminApi(t, 'POST', `/api/admin/settings/pending/${id}/confirm`, {
    token: confirmer.token,
    ip,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/**
 * Saves one guarded setting key and has a second operator confirm it (both from `ip`): it is in effect when this
 * returns.
 */
export async function savedAndConfirmed(
  t: TestApp,
  requester: TestOperator,
  confirmer: TestOperator,
  key: string,
  body: unknown,
  ip?: string,
): Promise<void> {
  const id = await requestChange(
    t,
    requester,
    () => adminApi(t, 'PUT', `/api/admin/settings/${key}`, { token: requester.token, body, ip }),
    ip,
  );
  await confirmChange(t, confirmer, id, ip);
}
