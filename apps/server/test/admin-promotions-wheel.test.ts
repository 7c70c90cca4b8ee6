import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminWheelAnswer, PromotionRates } from '@mekong/contracts/admin/promotions-wheel';
import type { Role } from '@mekong/contracts/admin/admin-contract';
import { accruals, credit, inviterAndInvitee } from './support/invite.ts';
import { signedInMember } from './support/members.ts';
import { adminApi, signedInOperator, type TestOperator } from './support/operators.ts';
import { deposit, setup, useDemoWheel } from './support/spinwheel.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { memberIdOf } from './support/bank.ts';
import { GUARDS_OFF, setGuards } from './support/promotion-play.ts';

/** The prize wheel, the coin rule and the refund and invite rates in the back office (docs/back-office/promotions.md). */

let t: TestApp;
let marketing: TestOperator;
beforeAll(async () => {
  t = await createTestApp();
  // Coins, commission and prizes as mechanics, the play guards off (they are tested in promotions-farming.test.ts).
  await setGuards(t, GUARDS_OFF);
  marketing = await signedInOperator(t, 'marketing');
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await useDemoWheel(t);
});

async function admin<T>(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  operator: TestOperator = marketing,
): Promise<{ status: number; json: T }> {
  const response = await adminApi(t, method, url, { token: operator.token, body });
  return { status: response.statusCode, json: response.json() };
}

const same = (text: string) => ({ th: text, la: text, en: text });

/** The wheel's slices as the editor sends them back (what GET answered, less the odds). */
function editable(answer: AdminWheelAnswer) {
  const wheel = answer.wheel;
  if (!wheel) throw new Error('no wheel');
  return {
    name: wheel.name,
    title: wheel.title,
    couponDays: wheel.couponDays,
    slices: wheel.slices.map((s) => ({
      code: s.code,
      label: s.label,
      description: s.description,
      bgColor: s.bgColor,
      textColor: s.textColor,
      prizeKind: s.prizeKind,
      amountMinor: s.amountMinor,
      bonusCode: s.bonusCode,
      weight: s.weight,
    })),
  };
}

async function wheelAudit() {
  return t.app.deps.db.kysely
    .selectFrom('audit_log')
    .select(['action', 'target_type', 'before', 'after'])
    .where('target_type', 'in', ['wheel', 'setting'])
    .orderBy('seq')
    .execute();
}

describe('the wheel', () => {
  it('shows the odds of the weights; new weights are the odds members are shown at once', async () => {
    const current = await admin<AdminWheelAnswer>('GET', '/api/admin/promotions/wheel');
    expect(current.status).toBe(200);
    expect(current.json.wheel).toMatchObject({ isActive: true, weightSum: 1000 });
    expect(current.json.wheel?.slices[0]).toMatchObject({
      code: 'CASH5',
      weight: 250,
      probability: 0.25,
      percent: 25,
    });

    const body = editable(current.json);
    // Every slice weight 1 but CASH5 at 5: CASH5 becomes 5 in 12.
    body.slices = body.slices.map((s) => ({ ...s, weight: s.code === 'CASH5' ? 5 : 1 }));
    body.slices[0] = { ...body.slices[0]!, label: { th: '฿5', la: '5 ບາດ', en: '5 baht' } };
    body.title = { ...body.title, en: 'Lucky wheel of the week' };
    const saved = await admin<AdminWheelAnswer>('PUT', '/api/admin/promotions/wheel', body);
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.wheel?.weightSum).toBe(12);
    expect(saved.json.wheel?.slices[0]).toMatchObject({ weight: 5, percent: 41.67 });

    const member = await signedInMember(t);
    const seen = await setup(t, member.token);
    expect(seen.result.activeSpinwheel?.name).toMatchObject({ en: 'Lucky wheel of the week' });
    const cash5 = seen.result.activeSpinwheel?.slices.find((s) => s.code === 'CASH5');
    expect(cash5).toMatchObject({
      weight: 5,
      probability: 5 / 12,
      label: '฿5',
      labels: { th: '฿5', la: '5 ບາດ', en: '5 baht' },
    });

    // A slice left out leaves the wheel; past spins keep their row.
    const fewer = { ...body, slices: body.slices.filter((s) => s.code !== 'CASH100') };
    const trimmed = await admin<AdminWheelAnswer>('PUT', '/api/admin/promotions/wheel', fewer);
    expect(trimmed.json.wheel?.slices.map((s) => s.code)).not.toContain('CASH100');
    const codes = (await setup(t, member.token)).result.activeSpinwheel?.slices.map((s) => s.code);
    expect(codes).toHaveLength(body.slices.length - 1);
    expect(codes).not.toContain('CASH100');

    const audit = (await wheelAudit()).filter((a) => a.action === 'wheel.updated');
    expect(audit.at(-2)).toMatchObject({
      before: { weightSum: 1000 },
      after: { weightSum: 12 },
    });

    // Back to the demo weights, so other tests see the demo odds.
    await admin('PUT', '/api/admin/promotions/wheel', editable(current.json));
  });

  it('is taken off and put back on for members', async () => {
    const member = await signedInMember(t);
    const off = await admin<AdminWheelAnswer>('POST', '/api/admin/promotions/wheel/deactivate');
    expect(off.json.wheel?.isActive).toBe(false);
    expect((await setup(t, member.token)).result.activeSpinwheel).toBeNull();
    const spin = await t.api('POST', '/api/spinwheel/spin', { token: member.token, body: {} });
    expect((spin.json() as { message: string }).message).toBe('SPINWHEEL_INACTIVE');

    const on = await admin<AdminWheelAnswer>('POST', '/api/admin/promotions/wheel/activate');
    expect(on.json.wheel?.isActive).toBe(true);
    expect((await setup(t, member.token)).result.activeSpinwheel).not.toBeNull();
    const actions = (await wheelAudit()).map((a) => a.action);
    expect(actions.slice(-2)).toEqual(['wheel.deactivated', 'wheel.activated']);
  });

  it('refuses bad slices with a clear code', async () => {
    const body = editable(
      (await admin<AdminWheelAnswer>('GET', '/api/admin/promotions/wheel')).json,
    );
    const first = body.slices[0]!;
    const cases: [unknown, string][] = [
      [{ ...body, slices: [first] }, 'WHEEL_SLICES_INVALID'],
      [{ ...body, slices: [first, first] }, 'WHEEL_SLICES_INVALID'],
      [
        { ...body, slices: [{ ...first, weight: 0 }, ...body.slices.slice(1)] },
        'WHEEL_WEIGHT_INVALID',
      ],
      [
        { ...body, slices: [{ ...first, weight: 1.5 }, ...body.slices.slice(1)] },
        'WHEEL_WEIGHT_INVALID',
      ],
      [
        { ...body, slices: [{ ...first, amountMinor: 0 }, ...body.slices.slice(1)] },
        'WHEEL_PRIZE_INVALID',
      ],
      [
        {
          ...body,
          slices: [
            { ...first, prizeKind: 'bonus', amountMinor: 0, bonusCode: 'NOSUCHBONUS' },
            ...body.slices.slice(1),
          ],
        },
        'WHEEL_PRIZE_INVALID',
      ],
      [
        { ...body, slices: [{ ...first, bgColor: 'red' }, ...body.slices.slice(1)] },
        'WHEEL_COLOR_INVALID',
      ],
      [
        { ...body, slices: [{ ...first, label: same('') }, ...body.slices.slice(1)] },
        'PROMO_TEXT_REQUIRED',
      ],
      [{ ...body, couponDays: 0 }, 'PROMO_COUNT_INVALID'],
    ];
    for (const [payload, message] of cases) {
      const answer = await admin('PUT', '/api/admin/promotions/wheel', payload);
      expect([answer.status, answer.json]).toEqual([400, { message }]);
    }
    const after = await admin<AdminWheelAnswer>('GET', '/api/admin/promotions/wheel');
    expect(after.json.wheel?.weightSum).toBe(1000);
  });

  it("refuses another wheel's name with WHEEL_NAME_TAKEN and changes nothing", async () => {
    const other = `Other wheel ${randomUUID().slice(0, 8)}`;
    await t.app.deps.db.kysely
      .insertInto('spin_wheels')
      .values({
        id: randomUUID(),
        name: other,
        name_th: other,
        name_la: other,
        name_en: other,
        is_active: false,
        coupon_days: 7,
        created_at: new Date(),
      })
      .execute();
    const current = await admin<AdminWheelAnswer>('GET', '/api/admin/promotions/wheel');
    const answer = await admin('PUT', '/api/admin/promotions/wheel', {
      ...editable(current.json),
      name: other,
    });
    expect([answer.status, answer.json]).toEqual([409, { message: 'WHEEL_NAME_TAKEN' }]);
    const after = await admin<AdminWheelAnswer>('GET', '/api/admin/promotions/wheel');
    expect(after.json.wheel?.name).toBe(current.json.wheel?.name);
  });

  it('the coin rule counts the next deposit', async () => {
    const member = await signedInMember(t);
    const memberId = await memberIdOf(t, member.username);
    const saved = await admin<AdminWheelAnswer>('PUT', '/api/admin/promotions/wheel/coins', {
      coinPriceMinor: 50_00,
    });
    expect(saved.json.coinPriceMinor).toBe(50_00);
    await deposit(t, memberId, 200_00n);
    expect((await setup(t, member.token)).result.userCoin).toBe(4);
    const bad = await admin('PUT', '/api/admin/promotions/wheel/coins', { coinPriceMinor: 0 });
    expect(bad).toEqual({ status: 400, json: { message: 'PROMO_AMOUNT_INVALID' } });
    expect((await wheelAudit()).at(-1)).toMatchObject({
      action: 'setting.changed',
      after: { coinPriceMinor: 50_00 },
    });
    await admin('PUT', '/api/admin/promotions/wheel/coins', { coinPriceMinor: 100_00 });
  });
});

describe('refund and invite rates', () => {
  it('a changed invite percent is the one the next deposit accrues at', async () => {
    const { inviterId, inviteeId } = await inviterAndInvitee(t);
    const rates = await admin<PromotionRates>('GET', '/api/admin/promotions/rates');
    const saved = await admin<PromotionRates>('PUT', '/api/admin/promotions/rates/invite', {
      ...rates.json.invite,
      enabled: true,
      percent: 2.5,
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.invite.percent).toBe(2.5);
    await credit(t, inviteeId, 100_00n);
    expect((await accruals(t, inviterId)).map((a) => Number(a.amount))).toEqual([2_50]);
  });

  it('a changed refund percent and limits are what the next check offers', async () => {
    const member = await signedInMember(t);
    const saved = await admin<PromotionRates>('PUT', '/api/admin/promotions/rates/refund', {
      enabled: true,
      percent: 7.5,
      minimumMinor: 2_00,
      maximumMinor: 900_00,
      banners: [
        {
          image: 'https://example.test/refund.png',
          html: { th: '<p>คืน 7.5%</p>', la: '<p>ຄືນ 7.5%</p>', en: '<p>7.5% back</p>' },
        },
      ],
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const check = await t.api('GET', '/api/refund/check', { token: member.token });
    expect(check.json()).toMatchObject({ info: { percent: 7.5, minimum: 2, maximum: 900 } });
    const banners = await t.api('GET', '/api/refund/banners', { token: member.token });
    expect(banners.json()).toMatchObject({
      banners: [{ image: 'https://example.test/refund.png' }],
    });

    const bad = await admin('PUT', '/api/admin/promotions/rates/refund', {
      ...saved.json.refund,
      minimumMinor: 1_000_00,
    });
    expect(bad).toEqual({ status: 400, json: { message: 'PROMO_AMOUNT_INVALID' } });
    expect((await wheelAudit()).at(-1)).toMatchObject({
      action: 'setting.changed',
      after: { percent: 7.5 },
    });
  });
});

describe('who may do it', () => {
  const writes: [string, 'POST' | 'PUT', unknown][] = [
    ['/api/admin/promotions/bonuses', 'POST', {}],
    ['/api/admin/promotions/bonuses/NEWMEMBER100/retire', 'POST', undefined],
    ['/api/admin/promotions/wheel/deactivate', 'POST', undefined],
    ['/api/admin/promotions/wheel/coins', 'PUT', { coinPriceMinor: 1 }],
    ['/api/admin/promotions/rates/refund', 'PUT', {}],
    ['/api/admin/promotions/rates/invite', 'PUT', {}],
  ];

  it.each<Role>(['finance', 'support', 'auditor'])('%s reads but changes nothing', async (role) => {
    const operator = await signedInOperator(t, role);
    expect((await admin('GET', '/api/admin/promotions/wheel', undefined, operator)).status).toBe(
      200,
    );
    expect((await admin('GET', '/api/admin/promotions/rates', undefined, operator)).status).toBe(
      200,
    );
    for (const [url, method, body] of writes)
      expect(await admin(method, url, body, operator), url).toEqual({
        status: 403,
        json: { message: 'OPERATOR_FORBIDDEN' },
      });
    expect(
      (await admin<AdminWheelAnswer>('GET', '/api/admin/promotions/wheel')).json.wheel?.isActive,
    ).toBe(true);
  });

  it('a member and a stranger are refused', async () => {
    const member = await signedInMember(t);
    for (const token of [member.token, undefined]) {
      const response = await adminApi(t, 'GET', '/api/admin/promotions/wheel', { token });
      expect(response.statusCode).toBe(401);
    }
  });
});
