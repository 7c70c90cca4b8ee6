import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '@/lib/secure-random.ts';
import { HOUSEKEEPING_JOB } from '@/jobs/housekeeping-jobs.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { login, signedInMember, uniquePhone } from './support/members.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 24 * 60 * 60_000;

describe('housekeeping job', () => {
  it('deletes sessions a month past revocation or expiry and one-time codes a month old, nothing younger', async () => {
    const db = t.app.deps.db.kysely;
    const now = t.clock.now().getTime();
    const ago = (days: number) => new Date(now - days * DAY);
    const member = await signedInMember(t);
    const tokens = {
      revokedLongAgo: member.token,
      revokedRecently: await login(t, member.username),
      expiredLongAgo: await login(t, member.username),
      expiredRecently: await login(t, member.username),
      live: await login(t, member.username),
    };
    const setSession = (token: string, values: { revoked_at?: Date; last_used_at?: Date }) =>
      db.updateTable('sessions').set(values).where('token_hash', '=', hashToken(token)).execute();
    await setSession(tokens.revokedLongAgo, { revoked_at: ago(31) });
    await setSession(tokens.revokedRecently, { revoked_at: ago(29) });
    await setSession(tokens.expiredLongAgo, { last_used_at: ago(38) });
    await setSession(tokens.expiredRecently, { last_used_at: ago(36) });

    const phone = uniquePhone();
    const otp = (id: string, days: number) => ({
      id,
      phone,
      token_hash: randomUUID(),
      gateway_token: 'g',
      ref: 'ABCD',
      status: 'sent' as const,
      attempts: 0,
      expires_at: ago(days),
      verified_at: null,
      created_at: ago(days),
      ip: null,
    });
    const oldOtp = randomUUID();
    const recentOtp = randomUUID();
    await db
      .insertInto('otp_requests')
      .values([otp(oldOtp, 31), otp(recentOtp, 29)])
      .execute();

    await t.app.jobs.runNow(HOUSEKEEPING_JOB);

    const left = await db
      .selectFrom('sessions')
      .select('token_hash')
      .where(
        'member_id',
        '=',
        (
          await db
            .selectFrom('sessions')
            .select('member_id')
            .where('token_hash', '=', hashToken(tokens.live))
            .executeTakeFirstOrThrow()
        ).member_id,
      )
      .execute();
    expect(left.map((r) => r.token_hash).sort()).toEqual(
      [tokens.revokedRecently, tokens.expiredRecently, tokens.live].map(hashToken).sort(),
    );
    const otps = await db
      .selectFrom('otp_requests')
      .select('id')
      .where('phone', '=', phone)
      .execute();
    expect(otps.map((r) => r.id)).toEqual([recentOtp]);
    // The live session still works.
    expect((await t.api('GET', '/api/account/profile', { token: tokens.live })).statusCode).toBe(
      200,
    );
  });
});
