import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSettingCached } from '@/modules/settings/settings.repository.ts';
import { depositViaBank, withdrawCall } from './support/bank.ts';
import { howtoVideos } from './support/howto.ts';
import { signedInMember } from './support/members.ts';
import { adminApi, signedInOperator, type TestOperator } from './support/operators.ts';
import { savedAndConfirmed } from './support/setting-changes.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/** Settings of DESIGN D10 saved through /api/admin and seen at once by the member API (docs/back-office/settings.md). */

let t: TestApp;
let owner: TestOperator;
let owner2: TestOperator;
let marketing: TestOperator;
let finance: TestOperator;
let support: TestOperator;
let auditor: TestOperator;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInOperator(t, 'owner');
  owner2 = await signedInOperator(t, 'owner');
  marketing = await signedInOperator(t, 'marketing');
  finance = await signedInOperator(t, 'finance');
  support = await signedInOperator(t, 'support');
  auditor = await signedInOperator(t, 'auditor');
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

const auditCount = () => t.countRows('audit_log');

describe('content settings (settings.content)', () => {
  it('a notice saved by marketing shows in the member lookup at once, audited with before and after', async () => {
    const before = await lookup('notice');
    await saved(marketing, 'notice', { text: text('Maintenance tonight') });
    expect(await lookup('notice')).toEqual({ text: text('Maintenance tonight') });
    expect(await lastAudit('notice')).toMatchObject({
      action: 'setting.changed',
      target_type: 'setting',
      operator_id: marketing.id,
      before,
      after: { text: text('Maintenance tonight') },
    });
    await saved(marketing, 'notice', { text: null });
    expect(await lookup('notice')).toEqual({ text: null });
  });

  it('brand, contact, conditions and how-to videos reach their lookups', async () => {
    const brand = {
      name: 'Lanexang Play',
      website: 'https://lanexang.example',
      logoUrl: 'https://cdn.lanexang.example/logo.svg',
      primaryColor: '#123456',
      accentColor: '#abcdef',
    };
    await saved(owner, 'brand', brand);
    expect(await lookup('info')).toEqual(brand);

    const contact = {
      text: text('Call us'),
      lineId: '@lanexang',
      lineUrl: 'https://line.me/R/ti/p/@lanexang',
      lineQr: 'https://cdn.lanexang.example/line-qr.png',
    };
    await saved(marketing, 'contact', contact);
    expect(await lookup('contact')).toEqual(contact);

    const conditions = { title: text('Rules'), html: text('<p>Play fair</p>') };
    await saved(marketing, 'conditions', conditions);
    expect(await lookup('conditions')).toEqual(conditions);

    expect((await lookup('howto')).videos.th.wallet).toEqual({ url: '', posterUrl: '' });
    const { videos } = howtoVideos({
      wallet: 'https://www.youtube.com/embed/wallet1',
      play: 'https://www.youtube.com/embed/play1',
      bonus: 'https://www.youtube.com/embed/bonus1',
      bonusCancel: 'https://www.youtube.com/embed/cancel1',
    });
    videos.la.wallet.url = 'https://www.youtube.com/embed/wallet-lao';
    await saved(marketing, 'howto', { videos });
    expect(await lookup('howto')).toEqual({ videos });
    expect(await lastAudit('howto')).toMatchObject({ after: { videos } });
  });

  it('refuses bad content with a clear code and writes nothing', async () => {
    const audits = await auditCount();
    const brand = await lookup('info');
    const cases: [string, unknown, string][] = [
      [
        'brand',
        { name: 'X', website: '', logoUrl: null, primaryColor: 'red', accentColor: '#000000' },
        'SETTING_COLOR_INVALID',
      ],
      [
        'brand',
        { name: '', website: '', logoUrl: null, primaryColor: '#000000', accentColor: '#000000' },
        'SETTING_TEXT_INVALID',
      ],
      [
        'brand',
        {
          name: 'X',
          website: 'javascript:alert(1)',
          logoUrl: null,
          primaryColor: '#000000',
          accentColor: '#000000',
        },
        'SETTING_URL_INVALID',
      ],
      [
        'brand',
        {
          name: 'X',
          website: '',
          logoUrl: 'ftp://x',
          primaryColor: '#000000',
          accentColor: '#000000',
        },
        'SETTING_URL_INVALID',
      ],
      ['notice', { text: { th: 'ไทย', en: 'English' } }, 'SETTING_TEXT_INVALID'],
      ['notice', { text: { th: 'ไทย\u0000', la: 'ລາວ', en: 'English' } }, 'INVALID_CHARACTERS'],
      ['notice', { text: { th: 'ไทย', la: '   ', en: 'English' } }, 'SETTING_TEXT_INVALID'],
      [
        'notice',
        { text: { th: 'x'.repeat(501), la: 'ລາວ', en: 'English' } },
        'SETTING_TEXT_INVALID',
      ],
      ['notice', { text: null, extra: 1 }, 'UNKNOWN_FIELD'],
      ['notice', [1, 2], 'INVALID_REQUEST'],
      ['howto', howtoVideos({ wallet: 'http://insecure.example/v' }), 'SETTING_URL_INVALID'],
      // An upload's address that was never uploaded.
      [
        'howto',
        howtoVideos({ play: `/api/files/howto/${'A'.repeat(43)}.mp4` }),
        'SETTING_URL_INVALID',
      ],
      [
        'contact',
        {
          text: text('x'),
          lineId: '@x',
          lineUrl: 'https://line.me/x',
          lineQr: 'data:text/html;base64,PHNjcmlwdD4=',
        },
        'SETTING_URL_INVALID',
      ],
      ['agreement', { title: text('A'), html: text('B') }, 'INVALID_REQUEST'],
    ];
    for (const [key, body, code] of cases) {
      const response = await save(owner, key, body);
      expect({ key, status: response.statusCode, body: response.json() }).toEqual({
        key,
        status: 400,
        body: { message: code },
      });
    }
    expect(await auditCount()).toBe(audits);
    expect(await lookup('info')).toEqual(brand);
  });

  it('a save that changes nothing writes no audit record', async () => {
    await saved(marketing, 'notice', { text: text('Same') });
    const audits = await auditCount();
    await saved(marketing, 'notice', { text: text('Same') });
    expect(await auditCount()).toBe(audits);
  });
});

describe('who may change what', () => {
  it('each role saves only its own sections; everyone with settings.read reads them all', async () => {
    const denied: [TestOperator, string, unknown][] = [
      [support, 'notice', { text: null }],
      [
        auditor,
        'brand',
        { name: 'X', website: '', logoUrl: null, primaryColor: '#000000', accentColor: '#000000' },
      ],
      [finance, 'notice', { text: null }],
      [marketing, 'deposit', { isManual: true }],
      [marketing, 'service', { terminated: true }],
      [finance, 'chatWidget', { enabled: true }],
      [finance, 'adminAccess', { ipAllowlist: [], idleMinutes: 30, absoluteHours: 12 }],
      [
        support,
        'approvals',
        { secondApprovalAboveMinor: 0, adjustLimitMinor: { owner: 0, finance: 0 } },
      ],
      // The limits that restrain finance are not finance's to raise: a finance operator lifted them and then credited
      // a member 1 billion baht alone, with no second approval.
      [
        finance,
        'approvals',
        { secondApprovalAboveMinor: 1e12, adjustLimitMinor: { owner: 1e12, finance: 1e12 } },
      ],
    ];
    for (const [operator, key, body] of denied) {
      const response = await save(operator, key, body);
      expect({ key, status: response.statusCode, body: response.json() }).toEqual({
        key,
        status: 403,
        body: { message: 'OPERATOR_FORBIDDEN' },
      });
    }
    for (const operator of [support, auditor, finance, marketing, owner]) {
      const response = await adminApi(t, 'GET', '/api/admin/settings', { token: operator.token });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toHaveProperty('withdrawLimits.dailyCount');
    }
    expect((await lookup('active')).terminated).toBeNull();
  });

  it('a member token and no token are refused', async () => {
    const member = await signedInMember(t);
    const asMember = await adminApi(t, 'PUT', '/api/admin/settings/notice', {
      token: member.token,
      body: { text: null },
    });
    expect(asMember.statusCode).toBe(401);
    const stranger = await adminApi(t, 'GET', '/api/admin/settings');
    expect(stranger.statusCode).toBe(401);
  });
});

describe('money settings (settings.money)', () => {
  // Withdrawal and approval limits are money-critical: in effect once a second operator confirms
  // (admin-setting-changes.test.ts); the manual deposit mode takes effect at once.
  it('withdraw limits, manual deposits and approval limits (the owner saves those) take effect once confirmed', async () => {
    await savedAndConfirmed(t, finance, owner, 'withdraw', {
      minMinor: 250_00,
      maxMinor: 40_000_00,
    });
    expect(await lookup('withdraw')).toEqual({ withdrawMin: 250, withdrawMax: 40_000 });
    const member = await signedInMember(t);
    const below = await withdrawCall(t, member.token, 200);
    expect(below.json()).toEqual({ message: 'WITHDRAW_MINIMUM' });

    await saved(finance, 'deposit', { isManual: true });
    expect((await lookup('deposit')).isManual).toBe(true);
    const options = await t.api('GET', '/api/deposit/options', { token: member.token });
    expect(options.json().isManual).toBe(true);
    await saved(finance, 'deposit', { isManual: false });
    expect(
      (await t.api('GET', '/api/deposit/options', { token: member.token })).json().isManual,
    ).toBe(false);

    const approvals = {
      secondApprovalAboveMinor: 7_000_00,
      adjustLimitMinor: { owner: 9_000_00, finance: 800_00 },
    };
    await savedAndConfirmed(t, owner, owner2, 'approvals', approvals);
    expect(await findSettingCached(t.app.deps.db.kysely, 'approvals')).toEqual(approvals);
    expect(await lastAudit('approvals')).toMatchObject({
      action: 'setting.applied',
      operator_id: owner2.id,
      after: approvals,
    });
  });

  it('the auto-payout limit and the daily count apply to the next withdrawal', async () => {
    await savedAndConfirmed(t, finance, owner, 'withdraw', {
      minMinor: 100_00,
      maxMinor: 50_000_00,
    });
    await savedAndConfirmed(t, finance, owner, 'withdrawLimits', {
      dailyCount: 2,
      dailyAmountMinor: 100_000_00,
      autoPayoutMaxMinor: 1_000_00,
    });
    const member = await signedInMember(t);
    await depositViaBank(t, member, 5_000_00);
    const held = await withdrawCall(t, member.token, 1_500);
    expect(held.statusCode, held.body).toBe(202);
    const paid = await withdrawCall(t, member.token, 500);
    expect(paid.statusCode, paid.body).toBe(200);
    const third = await withdrawCall(t, member.token, 500);
    expect(third.json()).toEqual({ message: 'WITHDRAW_DAILY_LIMIT' });
    expect(await lastAudit('withdrawLimits')).toMatchObject({
      after: { dailyCount: 2, dailyAmountMinor: 100_000_00, autoPayoutMaxMinor: 1_000_00 },
    });
  });

  it('refuses limits that do not fit', async () => {
    const cases: [string, unknown, string][] = [
      ['withdraw', { minMinor: 500_00, maxMinor: 100_00 }, 'SETTING_LIMITS_INVALID'],
      ['withdraw', { minMinor: 0, maxMinor: 100_00 }, 'SETTING_AMOUNT_INVALID'],
      ['withdraw', { minMinor: 10.5, maxMinor: 100_00 }, 'SETTING_AMOUNT_INVALID'],
      ['withdraw', { minMinor: '100', maxMinor: 100_00 }, 'SETTING_AMOUNT_INVALID'],
      [
        'withdrawLimits',
        { dailyCount: 0, dailyAmountMinor: 1, autoPayoutMaxMinor: 0 },
        'SETTING_LIMITS_INVALID',
      ],
      [
        'withdrawLimits',
        { dailyCount: 3, dailyAmountMinor: 1e15, autoPayoutMaxMinor: 0 },
        'SETTING_AMOUNT_INVALID',
      ],
      [
        'withdrawLimits',
        { dailyCount: 3, dailyAmountMinor: 100, autoPayoutMaxMinor: -1 },
        'SETTING_AMOUNT_INVALID',
      ],
      [
        'approvals',
        { secondApprovalAboveMinor: 1, adjustLimitMinor: { owner: 1 } },
        'SETTING_AMOUNT_INVALID',
      ],
      ['deposit', { isManual: 'yes' }, 'INVALID_REQUEST'],
    ];
    for (const [key, body, code] of cases) {
      const response = await save(key === 'approvals' ? owner : finance, key, body);
      expect({ key, status: response.statusCode, body: response.json() }).toEqual({
        key,
        status: 400,
        body: { message: code },
      });
    }
  });
});
