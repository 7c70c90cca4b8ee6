import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBonus, BonusPreview } from '@mekong/contracts/admin/promotions';
import { activate, bonusMember, deposit, depositedMember, get } from './support/bonus.ts';
import { adminApi, signedInOperator, type TestOperator } from './support/operators.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/** Bonuses and promotion codes in the back office (docs/back-office/promotions.md#bonuses). */

let t: TestApp;
let marketing: TestOperator;
beforeAll(async () => {
  t = await createTestApp();
  marketing = await signedInOperator(t, 'marketing');
});
afterAll(async () => {
  await t?.close();
});

const newCode = () => `ADM${randomBytes(4).toString('hex').toUpperCase()}`;

function bonusBody(code: string, overrides: Record<string, unknown> = {}) {
  return {
    code,
    isPromotion: false,
    name: { th: `โบนัส ${code}`, la: `ໂບນັດ ${code}`, en: `Bonus ${code}` },
    description: { th: 'ทดสอบ', la: 'ທົດສອບ', en: 'test' },
    type: 'limit',
    maxReceived: 1,
    amountKind: 'percent',
    percent: 50,
    maxBonusMinor: 500_00,
    minDepositMinor: 100_00,
    withdrawCapMinor: null,
    percentFail: 10,
    conditionKind: 'credit',
    multiplier: 2,
    categoryWeights: {},
    validDays: 7,
    quota: null,
    sortOrder: 100,
    banners: [],
    ...overrides,
  };
}

const termsOf = ({ code: _code, ...terms }: Record<string, unknown>) => terms;

async function admin<T>(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  operator: TestOperator = marketing,
): Promise<{ status: number; json: T }> {
  const response = await adminApi(t, method, url, { token: operator.token, body });
  return { status: response.statusCode, json: response.json() };
}

async function created(overrides: Record<string, unknown> = {}) {
  const code = newCode();
  const answer = await admin<AdminBonus>('POST', '/api/admin/promotions/bonuses', {
    ...bonusBody(code, overrides),
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return code;
}

const publish = (code: string) =>
  admin<AdminBonus>('POST', `/api/admin/promotions/bonuses/${code}/publish`);
const retire = (code: string) =>
  admin<AdminBonus>('POST', `/api/admin/promotions/bonuses/${code}/retire`);

async function offeredCodes(token: string): Promise<string[]> {
  const response = await get(t, '/api/bonus', token);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { bonuses: { code: string }[] }).bonuses.map((b) => b.code);
}

async function auditOf(code: string) {
  return t.app.deps.db.kysely
    .selectFrom('audit_log')
    .select(['action', 'operator_name', 'before', 'after'])
    .where('target_type', '=', 'bonus')
    .where('target_id', '=', code)
    .orderBy('seq')
    .execute();
}

const messageOf = (response: { json(): unknown }) =>
  (response.json() as { message: string }).message;

describe('the lifecycle: draft → published → retired', () => {
  it('a draft is not offered, a published bonus is and can be activated, a retired one is not', async () => {
    const code = await created();
    const member = await depositedMember(t, 200_00n);

    expect(await offeredCodes(member.token)).not.toContain(code);
    expect(messageOf(await activate(t, code, member.token))).toBe('NO_PROMOTION');

    const published = await publish(code);
    expect(published.status).toBe(200);
    expect(published.json.status).toBe('published');
    expect(await offeredCodes(member.token)).toContain(code);
    const started = await activate(t, code, member.token);
    expect(started.statusCode, started.body).toBe(200);
    // 50 % of 200 baht.
    expect(started.json()).toMatchObject({ userBonus: { code, bonusAmount: 100 } });

    const retired = await retire(code);
    expect(retired.status).toBe(200);
    expect(retired.json).toMatchObject({ status: 'retired', activeCount: 1, receivedCount: 1 });
    expect(await offeredCodes(member.token)).not.toContain(code);
    const other = await depositedMember(t, 200_00n);
    expect(messageOf(await activate(t, code, other.token))).toBe('NO_PROMOTION');

    // The member bonus already running goes on, with the terms it started under.
    const active = await get(t, '/api/bonus/check/active', member.token);
    expect(active.statusCode, active.body).toBe(200);
    expect(active.json()).toMatchObject({
      status: true,
      bonus: { code, status: 'active', progress: { target: 600, startAmount: 300 } },
    });
    const wallet = await get(t, '/api/wallet', member.token);
    expect(wallet.json()).toMatchObject({ wallet: { hasReceivedBonus: true } });

    expect((await auditOf(code)).map((a) => [a.action, a.operator_name])).toEqual([
      ['bonus.created', marketing.username],
      ['bonus.published', marketing.username],
      ['bonus.retired', marketing.username],
    ]);
    expect((await auditOf(code))[2]).toMatchObject({
      before: { status: 'published' },
      after: { status: 'retired' },
    });
  });

  it('a promotion code follows the same lifecycle through /api/promotion', async () => {
    const code = await created({ isPromotion: true });
    const member = await depositedMember(t, 200_00n);
    const find = () => get(t, `/api/promotion/find/${code}`, member.token);
    expect((await find()).statusCode).toBe(404);
    await publish(code);
    expect((await find()).statusCode).toBe(200);
    expect(await offeredCodes(member.token)).not.toContain(code);
    await retire(code);
    expect((await find()).statusCode).toBe(404);
  });

  it('only the listed moves are allowed; a retired bonus may be published again', async () => {
    const code = await created();
    expect(await retire(code)).toMatchObject({
      status: 409,
      json: { message: 'BONUS_STATUS_INVALID' },
    });
    await publish(code);
    expect((await publish(code)).json).toMatchObject({ message: 'BONUS_STATUS_INVALID' });
    await retire(code);
    expect((await publish(code)).json).toMatchObject({ status: 'published' });
    expect((await publish('NOSUCHBONUS')).status).toBe(404);
  });
});

describe('editing', () => {
  it('a draft changes entirely; a published bonus keeps its release terms, the rest changes at once', async () => {
    const code = await created();
    const draft = await admin<AdminBonus>(
      'PUT',
      `/api/admin/promotions/bonuses/${code}`,
      termsOf(
        bonusBody(code, {
          multiplier: 3.5,
          conditionKind: 'turnover',
          categoryWeights: { slot: 100 },
        }),
      ),
    );
    expect(draft.status, JSON.stringify(draft.json)).toBe(200);
    expect(draft.json).toMatchObject({ multiplier: 3.5, conditionKind: 'turnover' });

    await publish(code);
    const published = termsOf(
      bonusBody(code, {
        multiplier: 3.5,
        conditionKind: 'turnover',
        categoryWeights: { slot: 100 },
      }),
    );
    const locked = await admin('PUT', `/api/admin/promotions/bonuses/${code}`, {
      ...published,
      multiplier: 4,
    });
    expect(locked).toMatchObject({ status: 409, json: { message: 'BONUS_TERMS_LOCKED' } });

    const renamed = await admin<AdminBonus>('PUT', `/api/admin/promotions/bonuses/${code}`, {
      ...published,
      name: { th: 'ชื่อใหม่', la: 'ຊື່ໃໝ່', en: 'New name' },
      maxBonusMinor: 800_00,
      // A category at 0 counts like one left out: not a change of the release terms.
      categoryWeights: { slot: 100, lotto: 0 },
    });
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);
    const member = await bonusMember(t);
    const response = await get(t, '/api/bonus', member.token);
    const offered = (
      response.json() as { bonuses: { code: string; name: { en: string }; maxBonus: number }[] }
    ).bonuses.find((b) => b.code === code);
    expect(offered).toMatchObject({ name: { en: 'New name' }, maxBonus: 800 });

    const updates = (await auditOf(code)).filter((a) => a.action === 'bonus.updated');
    expect(updates).toHaveLength(2);
    expect(updates[1]).toMatchObject({
      before: { name: { en: `Bonus ${code}` }, maxBonusMinor: 500_00 },
      after: { name: { en: 'New name' }, maxBonusMinor: 800_00 },
    });
  });

  it('bad input answers a clear code and writes nothing', async () => {
    const code = newCode();
    const cases: [Record<string, unknown>, string][] = [
      [{ code: 'a b' }, 'PROMO_CODE_INVALID'],
      [{ percent: null }, 'PROMO_PERCENT_INVALID'],
      [{ amountKind: 'fixed' }, 'PROMO_PERCENT_INVALID'],
      [{ percent: 10.555 }, 'PROMO_PERCENT_INVALID'],
      [{ maxBonusMinor: -1 }, 'PROMO_AMOUNT_INVALID'],
      [{ maxBonusMinor: 1.5 }, 'PROMO_AMOUNT_INVALID'],
      [{ maxReceived: 0 }, 'PROMO_COUNT_INVALID'],
      [{ name: { th: 'x', la: '', en: 'x' } }, 'PROMO_TEXT_REQUIRED'],
      [{ conditionKind: 'turnover', categoryWeights: {} }, 'PROMO_WEIGHTS_INVALID'],
      [{ categoryWeights: { poker: 10 } }, 'PROMO_WEIGHTS_INVALID'],
      [{ multiplier: 'two' }, 'PROMO_MULTIPLIER_INVALID'],
      [
        { banners: [{ image: 'javascript:alert(1)', html: { th: '', la: '', en: '' } }] },
        'PROMO_BANNER_INVALID',
      ],
      [{ extra: true }, 'UNKNOWN_FIELD'],
    ];
    for (const [overrides, message] of cases) {
      const answer = await admin(
        'POST',
        '/api/admin/promotions/bonuses',
        bonusBody(code, overrides),
      );
      expect([answer.status, answer.json], JSON.stringify(overrides)).toEqual([400, { message }]);
    }
    const listed = await admin<{ rows: AdminBonus[] }>(
      'POST',
      '/api/admin/promotions/bonuses/list',
      {
        search: code,
      },
    );
    expect(listed.json.rows).toEqual([]);

    await created({ code });
    const again = await admin('POST', '/api/admin/promotions/bonuses', bonusBody(code));
    expect(again).toMatchObject({ status: 409, json: { message: 'PROMO_CODE_TAKEN' } });
  });

  it('the list filters by state, kind and text', async () => {
    const code = await created({ isPromotion: true });
    const list = (body: Record<string, unknown>) =>
      admin<{ rows: AdminBonus[] }>('POST', '/api/admin/promotions/bonuses/list', body);
    expect((await list({ search: code })).json.rows.map((r) => r.code)).toEqual([code]);
    expect((await list({ search: code, status: 'published' })).json.rows).toEqual([]);
    expect((await list({ search: code, kind: 'bonus' })).json.rows).toEqual([]);
    expect(
      (await list({ status: 'draft', kind: 'promotion' })).json.rows.map((r) => r.code),
    ).toContain(code);
    // The demo catalogue is there, published.
    expect((await list({ search: 'NEWMEMBER100' })).json.rows[0]).toMatchObject({
      status: 'published',
      percent: 100,
      maxBonusMinor: 1_000_00,
    });
  });
});

describe('the preview: what activation would give, changing nothing', () => {
  async function preview(code: string, body: Record<string, unknown>) {
    const answer = await admin<BonusPreview>(
      'POST',
      `/api/admin/promotions/bonuses/${code}/preview`,
      body,
    );
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return answer.json;
  }

  async function counts() {
    const db = t.app.deps.db.kysely;
    const count = async (table: 'ledger_transfers' | 'member_bonuses' | 'bonus_receipts') =>
      Number(
        (await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n,
      );
    const quotas = await db
      .selectFrom('bonus_quotas')
      .select(['bonus_code', 'used'])
      .orderBy('bonus_code')
      .execute();
    return {
      transfers: await count('ledger_transfers'),
      bonuses: await count('member_bonuses'),
      receipts: await count('bonus_receipts'),
      quotas,
    };
  }

  it('answers the amounts activation then gives, and leaves every table as it was', async () => {
    const code = await created({ quota: 5 });
    await publish(code);
    const member = await depositedMember(t, 300_00n);
    const before = await counts();

    const seen = await preview(code, { member: member.username });
    expect(seen).toMatchObject({
      member: { phone: member.username },
      bonusStatus: 'published',
      isReceivable: true,
      refusal: null,
      depositMinor: 300_00,
      bonusMinor: 150_00,
      startMinor: 450_00,
      releaseTargetMinor: 900_00,
      failBelowMinor: 45_00,
    });
    expect(await counts()).toEqual(before);

    const started = await activate(t, code, member.token);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({
      userBonus: {
        depositAmount: 300,
        bonusAmount: 150,
        progress: { startAmount: 450, target: 900 },
      },
    });
    // Now activation would refuse, and so does the preview.
    expect(await preview(code, { member: member.username })).toMatchObject({
      isReceivable: false,
      refusal: 'BONUS_ALREADY_ACTIVE',
    });
  });

  it('imagines a deposit, names the refusals, and finds the member by phone, public id or id', async () => {
    const code = await created({ quota: 1 });
    const member = await bonusMember(t);

    // A draft is previewed as if published.
    expect(await preview(code, { member: member.memberId })).toMatchObject({
      bonusStatus: 'draft',
      isReceivable: false,
      refusal: 'BONUS_NO_DEPOSIT',
    });
    const before = await counts();
    expect(await preview(code, { member: member.publicId, depositMinor: 2_000_00 })).toMatchObject({
      isReceivable: true,
      depositMinor: 2_000_00,
      // 50 % of 2,000 baht, at most 500 baht.
      bonusMinor: 500_00,
      startMinor: 2_500_00,
    });
    expect(await counts()).toEqual(before);
    expect(await preview(code, { member: member.username, depositMinor: 50_00 })).toMatchObject({
      refusal: 'BONUS_MINIMUM_DEPOSIT',
    });

    // The quota of 1 taken by another member: BONUS_FULL.
    await publish(code);
    const first = await depositedMember(t, 200_00n);
    expect((await activate(t, code, first.token)).statusCode).toBe(200);
    await deposit(t, member.memberId, 200_00n);
    expect(await preview(code, { member: member.username })).toMatchObject({
      refusal: 'BONUS_FULL',
    });

    await retire(code);
    expect(await preview(code, { member: member.username })).toMatchObject({
      bonusStatus: 'retired',
      refusal: 'NO_PROMOTION',
    });

    const nobody = await admin('POST', `/api/admin/promotions/bonuses/${code}/preview`, {
      member: '0999999999',
    });
    expect(nobody).toMatchObject({ status: 404, json: { message: 'NO_USER' } });
  });
});

describe('parallel clicks', () => {
  it('ten parallel publishes: one publishes, the others are told it moved; one audit record', async () => {
    const code = await created();
    const answers = await Promise.all(Array.from({ length: 10 }, () => publish(code)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).map((a) => a.json)).toEqual(
      Array.from({ length: 9 }, () => ({ message: 'BONUS_STATUS_INVALID' })),
    );
    expect((await auditOf(code)).filter((a) => a.action === 'bonus.published')).toHaveLength(1);
  });
});
