import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getHouseBalance } from '@/modules/ledger/ledger-audit.ts';
import { cashOf, memberIdOf, statementOf } from './support/bank.ts';
import {
  accruals,
  credit,
  insertInvitees,
  inviteList,
  inviterAndInvitee,
  setInvite,
} from './support/invite.ts';
import { signedInMember } from './support/members.ts';
import { expectLedgerConsistent } from './support/money.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { GUARDS_OFF, setGuards } from './support/promotion-play.ts';

/** The invitee list and the collect of the commission (docs/decisions/0013-promotions.md#invite). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Coins, commission and prizes as mechanics, the play guards off (they are tested in promotions-farming.test.ts).
  await setGuards(t, GUARDS_OFF);
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.deps.db;

beforeEach(async () => {
  await setInvite(t);
});

describe('POST /api/invite lists the invitees', () => {
  it('newest first, 10 a page, with the total and the shares with and without a deposit', async () => {
    const inviter = await signedInMember(t);
    const inviterId = await memberIdOf(t, inviter.username);
    const ids = await insertInvitees(t, inviterId, 12, new Date('2026-10-01T00:00:00Z'));
    // 4 of 12 deposit: 33.33 % and 66.67 %.
    for (const id of ids.slice(0, 4)) await credit(t, id, 100_00n);

    const first = await inviteList(t, inviter.token, 1, 10);
    expect(first.total).toBe(12);
    expect(first.invites.map((i) => i.from.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Invitee ${11 - i}`),
    );
    expect(first).toMatchObject({ inviteAmount: 4, inviteSuccess: 33.33, inviteFail: 66.67 });
    // Invitees 0 to 3 deposited 100 baht each (1 baht earned from each).
    expect(first.invites.map((i) => [i.hasDeposited, i.amount])).toEqual([
      ...Array.from({ length: 8 }, () => [false, 0]),
      [true, 1],
      [true, 1],
    ]);
    const second = await inviteList(t, inviter.token, 2, 10);
    expect(second.invites.map((i) => [i.from.name, i.amount, i.hasDeposited])).toEqual([
      ['Invitee 1', 1, true],
      ['Invitee 0', 1, true],
    ]);
    const wallet = await t.api('GET', '/api/wallet', { token: inviter.token });
    expect((wallet.json() as { overall: object }).overall).toMatchObject({
      inviteAmount: 4,
      inviteSuccess: 33.33,
      inviteFail: 66.67,
    });
  });

  it('a member who invited nobody: 0 everywhere', async () => {
    const m = await signedInMember(t);
    expect(await inviteList(t, m.token)).toMatchObject({
      total: 0,
      invites: [],
      inviteAmount: 0,
      inviteSuccess: 0,
      inviteFail: 0,
    });
  });

  it('banners come from the setting', async () => {
    const m = await signedInMember(t);
    await setInvite(t, {
      banners: [
        {
          image: 'https://img.test/invite.png',
          html: { th: '<p>ชวนเพื่อน</p>', la: '<p>ຊວນໝູ່</p>', en: '<p>Invite</p>' },
        },
      ],
    });
    const response = await t.api('GET', '/api/invite/banners', { token: m.token });
    expect(response.json()).toEqual({
      banners: [
        {
          image: 'https://img.test/invite.png',
          html: { th: '<p>ชวนเพื่อน</p>', la: '<p>ຊວນໝູ່</p>', en: '<p>Invite</p>' },
        },
      ],
    });
  });
});

describe('GET /api/invite/bonus collects the commission into cash', () => {
  it('one transfer from the invite house; then NO_INVITE_BONUS; the statement shows a bonus row of the invite', async () => {
    const { inviter, inviterId, inviteeId } = await inviterAndInvitee(t);
    await credit(t, inviteeId, 1_000_00n);
    await credit(t, inviteeId, 550_00n);
    const houseBefore = await getHouseBalance(db().kysely, { house: 'invite' }, 'THB');

    const collected = await t.api('GET', '/api/invite/bonus', { token: inviter.token });
    expect(collected.statusCode, collected.body).toBe(200);
    const body = collected.json() as { message: string; amount: number; transferId: string };
    expect(body).toMatchObject({ message: 'INVITE_BONUS_SUCCESS', amount: 15.5 });
    expect(await cashOf(t, inviterId)).toBe(15_50n);
    expect(await getHouseBalance(db().kysely, { house: 'invite' }, 'THB')).toBe(
      houseBefore - 15_50n,
    );
    expect((await accruals(t, inviterId)).every((a) => a.collection_id !== null)).toBe(true);
    expect(await inviteList(t, inviter.token)).toMatchObject({ inviteAmount: 0 });
    // What each invitee earned stays in the list after the collect.
    expect((await inviteList(t, inviter.token)).invites[0]?.amount).toBe(15.5);

    const again = await t.api('GET', '/api/invite/bonus', { token: inviter.token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'NO_INVITE_BONUS' });

    const statement = await statementOf(t, inviter.token);
    expect(statement.statements[0]).toMatchObject({
      _id: body.transferId,
      statementType: 'bonus',
      from: 'invite',
      to: 'wallet',
      amount: 15.5,
      status: 'SUCCESS',
      description: 'invite',
    });
    await expectLedgerConsistent(db());
  });

  it('INVITE_INACTIVE when invites are off (the accrual waits)', async () => {
    const { inviter, inviterId, inviteeId } = await inviterAndInvitee(t);
    await credit(t, inviteeId, 1_000_00n);
    await setInvite(t, { enabled: false });
    const response = await t.api('GET', '/api/invite/bonus', { token: inviter.token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'INVITE_INACTIVE' });
    expect(await cashOf(t, inviterId)).toBe(0n);
    expect(await inviteList(t, inviter.token)).toMatchObject({ inviteAmount: 10 });
  });

  it('needs a session', async () => {
    const response = await t.api('GET', '/api/invite/bonus');
    expect(response.statusCode).toBe(401);
  });

  it(`100 parallel collects by one member pay once (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const { inviter, inviterId, inviteeId } = await inviterAndInvitee(t);
    for (let i = 0; i < 5; i += 1) await credit(t, inviteeId, 1_000_00n);
    const responses = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.api('GET', '/api/invite/bonus', { token: inviter.token }),
      ),
    );
    const ok = responses.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(
      responses
        .filter((r) => r.statusCode !== 200)
        .map((r) => (r.json() as { message: string }).message),
    ).toEqual(Array.from({ length: 99 }, () => 'NO_INVITE_BONUS'));
    expect(await cashOf(t, inviterId)).toBe(50_00n);
    const transfers = await db()
      .kysely.selectFrom('ledger_transfers')
      .select('amount')
      .where('member_id', '=', inviterId)
      .where('kind', '=', 'invite')
      .execute();
    expect(transfers.map((r) => Number(r.amount))).toEqual([50_00]);
    expect(await t.countRows('invite_collections')).toBeGreaterThanOrEqual(1);
    await expectLedgerConsistent(db());
  });
});
