import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { howtoVideos } from './support/howto.ts';
import { registration, signedInMember } from './support/members.ts';
import {
  adminApi,
  reauthenticate,
  signedInOperator,
  type TestOperator,
} from './support/operators.ts';
import { savedAndConfirmed } from './support/setting-changes.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * System settings and parallel saves through /api/admin, seen at once by the server (docs/back-office/settings.md). The
 * service switch, one-time codes and back-office access are money-critical: in effect once a second owner confirms
 * (admin-setting-changes.test.ts).
 */

let t: TestApp;
let owner: TestOperator;
let owner2: TestOperator;
let finance: TestOperator;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInOperator(t, 'owner');
  owner2 = await signedInOperator(t, 'owner');
  finance = await signedInOperator(t, 'finance');
});
afterAll(async () => {
  await t?.close();
});

const text = (word: string) => ({ th: `${word} ไทย`, la: `${word} ລາວ`, en: `${word} English` });

function save(operator: TestOperator, key: string, body: unknown, ip?: string) {
  return adminApi(t, 'PUT', `/api/admin/settings/${key}`, { token: operator.token, body, ip });
}

async function saved(operator: TestOperator, key: string, body: unknown) {
  const response = await save(operator, key, body);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ message: 'OK' });
}

async function lookup(path: string) {
  const response = await t.api('GET', `/api/lookup/${path}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The newest audit record about one setting key. */
async function lastAudit(targetId: string) {
  return t.app.deps.db.kysely
    .selectFrom('audit_log')
    .select(['action', 'target_type', 'target_id', 'operator_id', 'before', 'after'])
    .where('target_id', '=', targetId)
    .orderBy('seq', 'desc')
    .executeTakeFirst();
}

describe('system settings (settings.system)', () => {
  it('terminating the service refuses member calls but not the back office, which switches it back', async () => {
    const member = await signedInMember(t);
    expect((await t.api('GET', '/api/wallet', { token: member.token })).statusCode).toBe(200);
    await savedAndConfirmed(t, owner, owner2, 'service', { terminated: true });
    const refused = await t.api('GET', '/api/wallet', { token: member.token });
    expect(refused.statusCode).toBe(410);
    expect(refused.json()).toEqual({ message: 'gone' });
    expect(await lookup('active')).toEqual({ terminated: 'gone' });
    const settings = await adminApi(t, 'GET', '/api/admin/settings', { token: owner.token });
    expect(settings.json().service).toEqual({ terminated: true });
    await savedAndConfirmed(t, owner, owner2, 'service', { terminated: false });
    expect((await t.api('GET', '/api/wallet', { token: member.token })).statusCode).toBe(200);
    expect(await lastAudit('service')).toMatchObject({
      action: 'setting.applied',
      before: { terminated: true },
      after: { terminated: false },
    });
  });

  it('chat, one-time codes and the slip closed window reach their lookups', async () => {
    await saved(owner, 'chatWidget', { enabled: true });
    expect(await lookup('enableChatWidget')).toEqual({ enabled: true });
    const withoutCode = registration();
    const refused = await t.api('POST', '/api/account', { body: withoutCode });
    expect(refused.json()).toEqual({ message: 'UNVERIFIED_OTP' });
    await savedAndConfirmed(t, owner, owner2, 'registerOtp', { enabled: false });
    expect(await lookup('registerOTP')).toEqual({ enabled: false });
    // Registration itself no longer asks for a code.
    const accepted = await t.api('POST', '/api/account', { body: withoutCode });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // The test clock stands at 10:00 in Bangkok.
    await saved(owner, 'slip', { closedFrom: '09:30', closedTo: '10:30' });
    expect(await lookup('slip')).toEqual({ isOpen: false, closedFrom: '09:30', closedTo: '10:30' });
    await saved(owner, 'slip', { closedFrom: null, closedTo: null });
    expect((await lookup('slip')).isOpen).toBe(true);
    await savedAndConfirmed(t, owner, owner2, 'registerOtp', { enabled: true });
    await saved(owner, 'chatWidget', { enabled: false });
  });

  it('refuses a half or empty slip window', async () => {
    for (const body of [
      { closedFrom: '09:30', closedTo: null },
      { closedFrom: '10:00', closedTo: '10:00' },
      { closedFrom: '25:00', closedTo: '10:00' },
    ]) {
      const response = await save(owner, 'slip', body);
      expect(response.json()).toEqual({ message: 'SETTING_TIME_INVALID' });
    }
  });

  it('the admin allowlist applies once confirmed, refuses bad entries and never locks out the operator saving it', async () => {
    const ownIp = '203.0.113.9';
    const access = (ipAllowlist: string[]) => ({ ipAllowlist, idleMinutes: 20, absoluteHours: 8 });
    await reauthenticate(t, owner);
    const bad = await save(owner, 'adminAccess', access(['203.0.113.0/24', 'not-an-ip']), ownIp);
    expect(bad.json()).toEqual({ message: 'SETTING_ALLOWLIST_INVALID' });
    const wide = await save(owner, 'adminAccess', access(['10.0.0.0/33']), ownIp);
    expect(wide.json()).toEqual({ message: 'SETTING_ALLOWLIST_INVALID' });
    const lockout = await save(owner, 'adminAccess', access(['198.51.100.0/24']), ownIp);
    expect(lockout.statusCode).toBe(409);
    expect(lockout.json()).toEqual({ message: 'SETTING_ALLOWLIST_SELF_LOCKOUT' });
    const limits = await save(owner, 'adminAccess', { ...access([]), idleMinutes: 1 }, ownIp);
    expect(limits.json()).toEqual({ message: 'SETTING_SESSION_LIMITS_INVALID' });

    await savedAndConfirmed(
      t,
      owner,
      owner2,
      'adminAccess',
      access(['203.0.113.0/24', ' 2001:db8::/32 ']),
      ownIp,
    );
    const elsewhere = await adminApi(t, 'GET', '/api/admin/settings', {
      token: finance.token,
      ip: '198.51.100.7',
    });
    expect(elsewhere.json()).toEqual({ message: 'OPERATOR_IP_NOT_ALLOWED' });
    const inside = await adminApi(t, 'GET', '/api/admin/settings', {
      token: finance.token,
      ip: '203.0.113.77',
    });
    expect(inside.json().adminAccess).toEqual(access(['203.0.113.0/24', '2001:db8::/32']));

    await savedAndConfirmed(t, owner, owner2, 'adminAccess', access([]), ownIp);
    expect(
      (
        await adminApi(t, 'GET', '/api/admin/settings', {
          token: finance.token,
          ip: '198.51.100.7',
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('parallel saves', () => {
  it('twelve operators’ clicks at once each leave one audit record whose before is the value the one before left', async () => {
    const texts = Array.from({ length: 12 }, (_, i) => text(`Parallel ${i}`));
    const answers = await Promise.all(texts.map((value) => save(owner, 'notice', { text: value })));
    expect(answers.map((a) => a.statusCode)).toEqual(texts.map(() => 200));
    const records = await t.app.deps.db.kysely
      .selectFrom('audit_log')
      .select(['seq', 'before', 'after'])
      .where('target_id', '=', 'notice')
      .orderBy('seq', 'desc')
      .limit(12)
      .execute();
    const chain = records.reverse();
    expect(chain).toHaveLength(12);
    for (let i = 1; i < chain.length; i += 1) expect(chain[i]!.before).toEqual(chain[i - 1]!.after);
    expect(await lookup('notice')).toEqual(chain.at(-1)!.after);
  });

  it('first saves of a setting never stored take turns too', async () => {
    const videos = (n: number) => howtoVideos({ wallet: `https://video.example/${n}` }).videos;
    await t.app.deps.db.kysely.deleteFrom('operator_settings').where('key', '=', 'howto').execute();
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => save(owner, 'howto', { videos: videos(n) })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const chain = (
      await t.app.deps.db.kysely
        .selectFrom('audit_log')
        .select(['seq', 'before', 'after'])
        .where('target_id', '=', 'howto')
        .orderBy('seq', 'desc')
        .limit(6)
        .execute()
    ).reverse();
    expect(chain[0]!.before).toEqual(howtoVideos());
    for (let i = 1; i < chain.length; i += 1) expect(chain[i]!.before).toEqual(chain[i - 1]!.after);
  });
});

describe('session limits (last: they end the other operators’ sessions)', () => {
  it('a shorter idle limit applies to the very next call of every session', async () => {
    await savedAndConfirmed(t, owner, owner2, 'adminAccess', {
      ipAllowlist: [],
      idleMinutes: 5,
      absoluteHours: 12,
    });
    t.clock.advance(4 * 60_000);
    const settings = await adminApi(t, 'GET', '/api/admin/settings', { token: owner.token });
    expect(settings.json().adminAccess.idleMinutes).toBe(5);
    t.clock.advance(2 * 60_000);
    // Finance was idle six minutes, the owner two.
    const idle = await adminApi(t, 'GET', '/api/admin/settings', { token: finance.token });
    expect(idle.statusCode).toBe(401);
    // The second owner was idle as long: a new owner confirms the way back.
    await savedAndConfirmed(t, owner, await signedInOperator(t, 'owner'), 'adminAccess', {
      ipAllowlist: [],
      idleMinutes: 30,
      absoluteHours: 12,
    });
  });
});
