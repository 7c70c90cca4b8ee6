import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember } from './support/members.ts';
import { adminApi, signedInOperator, type TestOperator } from './support/operators.ts';
import { confirmChange, requestChange } from './support/setting-changes.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/** Deposit accounts, game providers and the agreement edited in the back office (docs/back-office/settings.md). */

let t: TestApp;
let owner: TestOperator;
let finance: TestOperator;
let marketing: TestOperator;
let auditor: TestOperator;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInOperator(t, 'owner');
  finance = await signedInOperator(t, 'finance');
  marketing = await signedInOperator(t, 'marketing');
  auditor = await signedInOperator(t, 'auditor');
});
afterAll(async () => {
  await t?.close();
});

type Account = { id: string; accountNo: string; isEnabled: boolean; sortOrder: number };

const ACCOUNTS = '/api/admin/settings/operator-accounts';

const account = (overrides: Record<string, unknown> = {}) => ({
  kind: 'bank',
  channel: 'BBL',
  bankType: 'deposit',
  mode: 'auto',
  accountName: 'บจก. ทดสอบ',
  accountNo: '5551234567',
  currency: 'BAHT',
  isEnabled: true,
  ...overrides,
});

async function accounts(): Promise<Account[]> {
  const response = await adminApi(t, 'GET', ACCOUNTS, { token: auditor.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function memberDepositNumbers(token: string) {
  const options = await t.api('GET', '/api/deposit/options', { token });
  expect(options.statusCode, options.body).toBe(200);
  const lookup = (await t.api('GET', '/api/lookup/deposit')).json();
  return {
    options: options
      .json()
      .banks.map((b: { bankAccountNo: string }) => b.bankAccountNo) as string[],
    lookup: lookup.banks.map((b: { bankAccountNo: string }) => b.bankAccountNo) as string[],
  };
}

const auditOf = (targetId: string) =>
  t.app.deps.db.kysely
    .selectFrom('audit_log')
    .select(['action', 'target_type', 'operator_id', 'before', 'after'])
    .where('target_id', '=', targetId)
    .orderBy('seq', 'desc')
    .execute();

describe('operator deposit accounts (settings.money)', () => {
  it('an added account is offered to members; disabled, it is no longer offered', async () => {
    // Each change waits for a second operator (admin-setting-changes.test.ts): here the owner confirms at once.
    const member = await signedInMember(t);
    const created = await requestChange(t, finance, () =>
      adminApi(t, 'POST', ACCOUNTS, { token: finance.token, body: account() }),
    );
    await confirmChange(t, owner, created);
    const row = (await accounts()).find((a) => a.accountNo === '5551234567')!;
    expect(row).toMatchObject({ accountNo: '5551234567', isEnabled: true });
    expect((await memberDepositNumbers(member.token)).options).toContain('5551234567');

    const disabled = await requestChange(t, finance, () =>
      adminApi(t, 'PUT', `${ACCOUNTS}/${row.id}`, {
        token: finance.token,
        body: account({ isEnabled: false, accountName: 'บจก. ทดสอบ 2' }),
      }),
    );
    await confirmChange(t, owner, disabled);
    const seen = await memberDepositNumbers(member.token);
    expect(seen.options).not.toContain('5551234567');
    expect(seen.lookup).not.toContain('5551234567');
    expect((await accounts()).find((a) => a.id === row.id)).toMatchObject({ isEnabled: false });

    const trail = await auditOf(row.id);
    expect(trail.map((a) => [a.action, a.target_type])).toEqual(
      ['applied', 'confirmed', 'requested', 'applied', 'confirmed', 'requested'].map((step) => [
        `setting.${step}`,
        'operator_account',
      ]),
    );
    expect(trail[0]).toMatchObject({
      operator_id: owner.id,
      before: { isEnabled: true, accountName: 'บจก. ทดสอบ' },
      after: { isEnabled: false, accountName: 'บจก. ทดสอบ 2' },
    });
    expect(trail[2]).toMatchObject({ operator_id: finance.id, after: { isEnabled: false } });
    expect(trail[3]).toMatchObject({ before: null, after: { accountNo: '5551234567' } });
  });

  it('the order set by the operator is the order members see', async () => {
    const member = await signedInMember(t);
    const all = await accounts();
    const reversed = all.map((a) => a.id).reverse();
    const ordered = await adminApi(t, 'POST', `${ACCOUNTS}/order`, {
      token: owner.token,
      body: { ids: reversed },
    });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(ordered.json<Account[]>().map((a) => a.id)).toEqual(reversed);
    const enabledBaht = ordered
      .json<(Account & { currency: string; kind: string })[]>()
      .filter((a) => a.isEnabled && a.currency === 'BAHT' && a.kind === 'bank')
      .map((a) => a.accountNo);
    expect((await memberDepositNumbers(member.token)).options).toEqual(enabledBaht);
    expect(await auditOf('order')).toHaveLength(1);

    const partial = await adminApi(t, 'POST', `${ACCOUNTS}/order`, {
      token: owner.token,
      body: { ids: reversed.slice(1) },
    });
    expect(partial.json()).toEqual({ message: 'INVALID_REQUEST' });
    const twice = await adminApi(t, 'POST', `${ACCOUNTS}/order`, {
      token: owner.token,
      body: { ids: [...reversed.slice(1), reversed[1]] },
    });
    expect(twice.json()).toEqual({ message: 'INVALID_REQUEST' });
  });

  it('refuses bad accounts, duplicates, unknown ids and the wrong roles', async () => {
    const cases: [unknown, string][] = [
      [account({ channel: 'NOPE' }), 'OPERATOR_ACCOUNT_INVALID'],
      [
        account({ kind: 'wallet', channel: 'paypal', accountNo: '0812223333' }),
        'OPERATOR_ACCOUNT_INVALID',
      ],
      [
        account({ kind: 'wallet', channel: 'truemoney', accountNo: '12345678' }),
        'BANK_ACCOUNT_NO_INVALID',
      ],
      [account({ accountNo: '12-34' }), 'BANK_ACCOUNT_NO_INVALID'],
      [account({ accountName: '' }), 'BANK_ACCOUNT_NAME_REQUIRED'],
      [account({ currency: 'USD' }), 'CURRENCY_INVALID'],
      [account({ bankType: 'all' }), 'OPERATOR_ACCOUNT_INVALID'],
      [account({ accountNo: '1423096718', channel: 'KBANK' }), 'OPERATOR_ACCOUNT_EXISTS'],
    ];
    const before = await t.countRows('operator_accounts');
    for (const [body, code] of cases) {
      const response = await adminApi(t, 'POST', ACCOUNTS, { token: owner.token, body });
      expect(response.json(), JSON.stringify(body)).toEqual({ message: code });
    }
    expect(await t.countRows('operator_accounts')).toBe(before);
    const unknown = await adminApi(t, 'PUT', `${ACCOUNTS}/00000000-0000-4000-8000-000000000000`, {
      token: owner.token,
      body: account(),
    });
    expect(unknown.json()).toEqual({ message: 'ITEM_NOT_FOUND' });
    const notUuid = await adminApi(t, 'PUT', `${ACCOUNTS}/abc`, {
      token: owner.token,
      body: account(),
    });
    expect(notUuid.json()).toEqual({ message: 'ITEM_NOT_FOUND' });
    for (const operator of [marketing, auditor]) {
      const response = await adminApi(t, 'POST', ACCOUNTS, {
        token: operator.token,
        body: account(),
      });
      expect(response.json()).toEqual({ message: 'OPERATOR_FORBIDDEN' });
    }
  });

  it('a wallet account is offered as a wallet', async () => {
    const member = await signedInMember(t);
    const created = await requestChange(t, finance, () =>
      adminApi(t, 'POST', ACCOUNTS, {
        token: finance.token,
        body: account({
          kind: 'wallet',
          channel: 'promptpay',
          accountNo: '0899990000',
          accountName: 'PromptPay',
        }),
      }),
    );
    await confirmChange(t, owner, created);
    const options = (await t.api('GET', '/api/deposit/options', { token: member.token })).json();
    expect(options.wallets).toContainEqual({
      mode: 'promptpay',
      walletAccountName: 'PromptPay',
      walletAccountNo: '0899990000',
    });
  });
});

describe('game providers (settings.system)', () => {
  const slotsOf = async (token: string) => {
    const wallet = await t.api('GET', '/api/wallet', { token });
    expect(wallet.statusCode, wallet.body).toBe(200);
    return wallet.json().slots.map((s: { code: string }) => s.code) as string[];
  };

  it('a provider switched off leaves the member’s game list at once and cannot be activated', async () => {
    const member = await signedInMember(t);
    const listed = await adminApi(t, 'GET', '/api/admin/settings/game-providers', {
      token: auditor.token,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const code = listed.json()[0].code as string;
    expect(await slotsOf(member.token)).toContain(code);

    const off = await adminApi(t, 'PUT', `/api/admin/settings/game-providers/${code}`, {
      token: owner.token,
      body: { isEnabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ code, isEnabled: false });
    expect(await slotsOf(member.token)).not.toContain(code);
    const activate = await t.api('GET', `/api/wallet/activate/${code}`, { token: member.token });
    expect(activate.json()).toEqual({ message: 'NO_GAME' });
    expect(await auditOf(code)).toMatchObject([
      {
        action: 'setting.changed',
        target_type: 'game_provider',
        before: { isEnabled: true },
        after: { isEnabled: false },
      },
    ]);

    await adminApi(t, 'PUT', `/api/admin/settings/game-providers/${code}`, {
      token: owner.token,
      body: { isEnabled: true },
    });
    expect(await slotsOf(member.token)).toContain(code);
  });

  it('refuses an unknown provider, a bad body and roles without settings.system', async () => {
    const unknown = await adminApi(t, 'PUT', '/api/admin/settings/game-providers/NOPE', {
      token: owner.token,
      body: { isEnabled: false },
    });
    expect(unknown.json()).toEqual({ message: 'ITEM_NOT_FOUND' });
    const bad = await adminApi(t, 'PUT', '/api/admin/settings/game-providers/PG', {
      token: owner.token,
      body: { isEnabled: 'no' },
    });
    expect(bad.json()).toEqual({ message: 'INVALID_REQUEST' });
    for (const operator of [finance, marketing]) {
      const response = await adminApi(t, 'PUT', '/api/admin/settings/game-providers/PG', {
        token: operator.token,
        body: { isEnabled: false },
      });
      expect(response.json()).toEqual({ message: 'OPERATOR_FORBIDDEN' });
    }
  });
});

describe('agreement versions (settings.content)', () => {
  const agreement = (word: string, isNewVersion: boolean) => ({
    title: { th: `ข้อตกลง ${word}`, la: `ຂໍ້ຕົກລົງ ${word}`, en: `Agreement ${word}` },
    html: { th: `<p>${word}</p>`, la: `<p>${word}</p>`, en: `<p>${word}</p>` },
    isNewVersion,
  });
  const statusOf = async (token: string) => {
    const response = await t.api('GET', '/api/account/agreement', { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{
      version: string;
      acceptedVersion: string | null;
      isAcceptRequired: boolean;
    }>();
  };
  const accept = (token: string, version: string) =>
    t.api('POST', '/api/account/agreement', { token, body: { version } });

  it('a member accepts once; a wording fix keeps the version; a new version asks every member again', async () => {
    const member = await signedInMember(t);
    const first = await statusOf(member.token);
    expect(first).toMatchObject({ acceptedVersion: null, isAcceptRequired: true });
    const accepted = await accept(member.token, first.version);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await statusOf(member.token)).toEqual({
      version: first.version,
      acceptedVersion: first.version,
      isAcceptRequired: false,
    });

    await adminApi(t, 'PUT', '/api/admin/settings/agreement', {
      token: marketing.token,
      body: agreement('typo fixed', false),
    });
    expect((await t.api('GET', '/api/lookup/agreements')).json()).toMatchObject({
      version: first.version,
      title: { en: 'Agreement typo fixed' },
    });
    expect((await statusOf(member.token)).isAcceptRequired).toBe(false);

    const saved = await adminApi(t, 'PUT', '/api/admin/settings/agreement', {
      token: marketing.token,
      body: agreement('v2', true),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const lookup = (await t.api('GET', '/api/lookup/agreements')).json();
    expect(lookup.version).not.toBe(first.version);
    expect(lookup.title.en).toBe('Agreement v2');
    const now = await statusOf(member.token);
    expect(now).toEqual({
      version: lookup.version,
      acceptedVersion: first.version,
      isAcceptRequired: true,
    });

    const stale = await accept(member.token, first.version);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: 'AGREEMENT_VERSION_OUTDATED' });
    expect((await accept(member.token, lookup.version)).json()).toMatchObject({
      isAcceptRequired: false,
    });
    const other = await signedInMember(t);
    expect((await statusOf(other.token)).isAcceptRequired).toBe(true);

    const trail = await auditOf('agreement');
    expect(trail[0]).toMatchObject({
      operator_id: marketing.id,
      before: { version: first.version },
      after: { version: lookup.version },
    });
  });

  it('two new versions the same day differ; a member call without a session is refused', async () => {
    const before = (await t.api('GET', '/api/lookup/agreements')).json().version as string;
    await adminApi(t, 'PUT', '/api/admin/settings/agreement', {
      token: owner.token,
      body: agreement('v3', true),
    });
    const after = (await t.api('GET', '/api/lookup/agreements')).json().version as string;
    expect(after).not.toBe(before);
    expect((await t.api('GET', '/api/account/agreement')).statusCode).toBe(401);
    const bad = await adminApi(t, 'PUT', '/api/admin/settings/agreement', {
      token: owner.token,
      body: { ...agreement('x', true), isNewVersion: 'yes' },
    });
    expect(bad.json()).toEqual({ message: 'INVALID_REQUEST' });
  });
});
