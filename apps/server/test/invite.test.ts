import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newPublicId } from '@/lib/secure-random.ts';
import { creditDeposit } from '@/modules/deposit/deposit-member.ts';
import { isSelfInvite } from '@/modules/invite/invite.service.ts';
import { getHouseBalance } from '@/modules/ledger/ledger-audit.ts';
import { ensureMemberAccounts } from '@/modules/ledger/ledger.service.ts';
import { saveSetting } from '@/modules/settings/settings.repository.ts';
import type { SettingValue } from '@/modules/settings/settings.schema.ts';
import { cashOf, depositViaBank, memberIdOf, statementOf } from './support/bank.ts';
import {
  registerMember,
  registration,
  signedInMember,
  uniqueAccountNo,
  uniquePhone,
  verifyPhone,
} from './support/members.ts';
import { expectLedgerConsistent } from './support/money.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.deps.db;

async function setInvite(value: Partial<SettingValue<'invite'>>) {
  await saveSetting(
    db().kysely,
    'invite',
    { enabled: true, percent: 1, banners: [], ...value },
    t.clock.now(),
  );
}

beforeEach(async () => {
  await setInvite({});
});

/** A signed-in inviter and a registered invitee (through the real registration with the invite code). */
async function inviterAndInvitee() {
  const inviter = await signedInMember(t);
  const inviterId = await memberIdOf(t, inviter.username);
  const invitee = await registerMember(t, { inviteCode: `PR${inviter.publicId}` });
  const inviteeId = await memberIdOf(t, invitee.username);
  return { inviter, inviterId, invitee, inviteeId };
}

/** Members invited by `inviterId`, straight in the database (for pages of invitees). */
async function insertInvitees(
  inviterId: string,
  count: number,
  start: Date,
  currency: 'BAHT' | 'LAK' = 'BAHT',
) {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = randomUUID();
    const at = new Date(start.getTime() + i * 60_000);
    await db().withTransaction(async (trx) => {
      await trx
        .insertInto('members')
        .values({
          id,
          public_id: newPublicId(),
          phone: uniquePhone(),
          name: `Invitee ${i}`,
          password_hash: 'x',
          currency,
          status: 'active',
          source_code: null,
          invited_by: inviterId,
          created_at: at,
          updated_at: at,
        })
        .execute();
      await trx
        .insertInto('member_bank_accounts')
        .values({
          id: randomUUID(),
          member_id: id,
          bank_code: 'KBANK',
          account_name: 'INVITEE',
          account_no: uniqueAccountNo(),
          created_at: at,
          updated_at: at,
        })
        .execute();
      await ensureMemberAccounts(trx, id, currency === 'LAK' ? 'LAK' : 'THB', at);
    });
    ids.push(id);
  }
  return ids;
}

/** One deposit credited the way every channel credits it. */
function credit(memberId: string, amountMinor: bigint, externalRef = `banktx:${randomUUID()}`) {
  return db().withTransaction((trx) =>
    creditDeposit(trx, {
      memberId,
      currency: 'THB',
      amountMinor,
      externalRef,
      metadata: {},
      now: t.clock.now(),
    }),
  );
}

const accruals = (inviterId: string) =>
  db()
    .kysely.selectFrom('invite_accruals')
    .selectAll()
    .where('member_id', '=', inviterId)
    .execute();

type InviteList = {
  total: number;
  invites: {
    _id: string;
    from: { name: string };
    amount: number;
    createdAt: string;
    hasDeposited: boolean;
  }[];
  inviteAmount: number;
  inviteSuccess: number;
  inviteFail: number;
  percent: number;
};

async function inviteList(token: string, page = 1, limit = 10): Promise<InviteList> {
  const response = await t.api('POST', '/api/invite', { token, body: { page, limit } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as InviteList;
}

describe('invite commission accrues on each credited deposit of an invitee', () => {
  it('percent × deposit, rounded down, to the inviter; the list and GET /api/wallet show it', async () => {
    const { inviter, inviterId, invitee } = await inviterAndInvitee();
    await setInvite({ percent: 1.5 });
    await depositViaBank(t, invitee, 333_33);
    // 1.5 % of 333.33 = 4.99995 → 4.99
    expect((await accruals(inviterId)).map((a) => Number(a.amount))).toEqual([4_99]);

    const list = await inviteList(inviter.token);
    expect(list).toMatchObject({ total: 1, inviteAmount: 4.99, inviteSuccess: 100, inviteFail: 0 });
    expect(list.percent).toBe(1.5);
    expect(list.invites).toEqual([
      {
        _id: invitee.publicId,
        from: { name: invitee.name },
        amount: 4.99,
        createdAt: expect.any(String) as string,
        hasDeposited: true,
      },
    ]);
    const wallet = await t.api('GET', '/api/wallet', { token: inviter.token });
    expect((wallet.json() as { overall: object }).overall).toMatchObject({
      inviteAmount: 4.99,
      inviteSuccess: 100,
      inviteFail: 0,
    });
  });

  it('nothing when invites are off, the percent is 0, or the depositor was not invited', async () => {
    const { inviterId, inviteeId } = await inviterAndInvitee();
    await setInvite({ enabled: false });
    await credit(inviteeId, 1_000_00n);
    await setInvite({ percent: 0 });
    await credit(inviteeId, 1_000_00n);
    expect(await accruals(inviterId)).toEqual([]);

    await setInvite({ percent: 1 });
    const loner = await registerMember(t);
    await credit(await memberIdOf(t, loner.username), 1_000_00n);
    expect(
      await db()
        .kysely.selectFrom('invite_accruals')
        .selectAll()
        .where('invitee_id', '=', await memberIdOf(t, loner.username))
        .execute(),
    ).toEqual([]);
    // A commission under one satang is nothing.
    await credit(inviteeId, 99n);
    expect(await accruals(inviterId)).toEqual([]);
  });

  it('nothing from a deposit in another currency than the inviter’s (a LAK invitee of a THB inviter)', async () => {
    const inviter = await registerMember(t);
    const inviterId = await memberIdOf(t, inviter.username);
    const [laoId] = await insertInvitees(inviterId, 1, t.clock.now(), 'LAK');
    await db().withTransaction((trx) =>
      creditDeposit(trx, {
        memberId: laoId ?? '',
        currency: 'LAK',
        amountMinor: 100_000_00n,
        externalRef: `banktx:${randomUUID()}`,
        metadata: {},
        now: t.clock.now(),
      }),
    );
    expect(await accruals(inviterId)).toEqual([]);
  });

  it('once per deposit, even when the same bank transaction arrives twice', async () => {
    const { inviterId, inviteeId } = await inviterAndInvitee();
    const ref = `banktx:KBANK:${randomUUID()}`;
    const first = await credit(inviteeId, 2_000_00n, ref);
    const again = await credit(inviteeId, 2_000_00n, ref);
    expect(first.kind).toBe('credited');
    expect(again.kind).toBe('already_credited');
    const rows = await accruals(inviterId);
    expect(rows.map((a) => Number(a.amount))).toEqual([20_00]);
    expect(rows[0]?.deposit_transfer_id).toBe(first.kind === 'credited' ? first.transferId : '');
    // A second real deposit accrues again.
    await credit(inviteeId, 1_000_00n);
    expect((await accruals(inviterId)).map((a) => Number(a.amount)).sort()).toEqual([10_00, 20_00]);
  });

  it('a deposit rolled back leaves no accrual', async () => {
    const { inviterId, inviteeId } = await inviterAndInvitee();
    await expect(
      db().withTransaction(async (trx) => {
        await creditDeposit(trx, {
          memberId: inviteeId,
          currency: 'THB',
          amountMinor: 500_00n,
          externalRef: `banktx:${randomUUID()}`,
          metadata: {},
          now: t.clock.now(),
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await accruals(inviterId)).toEqual([]);
  });
});

describe('self-invitation earns nothing', () => {
  it('the same phone or the same bank account (bank code and number) is one person', () => {
    const inviter = { phone: '0811111111', bankCode: 'KBANK', accountNo: '1234567890' };
    expect(isSelfInvite({ ...inviter, phone: '0822222222' }, inviter)).toBe(true);
    expect(isSelfInvite({ ...inviter, bankCode: 'SCB', accountNo: '999' }, inviter)).toBe(true);
    expect(
      isSelfInvite({ phone: '0822222222', bankCode: 'SCB', accountNo: '1234567890' }, inviter),
    ).toBe(false);
    expect(isSelfInvite({ phone: '0822222222', bankCode: null, accountNo: null }, inviter)).toBe(
      false,
    );
  });

  it("registering with the inviter's bank account or phone under their code links nobody, earns nothing", async () => {
    const inviter = await registerMember(t);
    const inviterId = await memberIdOf(t, inviter.username);
    const sameBank = registration({
      inviteCode: `PR${inviter.publicId}`,
      bankCode: inviter.bankCode,
      bankAccountNo: inviter.bankAccountNo,
    });
    sameBank.otpToken = await verifyPhone(t, sameBank.username);
    const bankAnswer = await t.api('POST', '/api/account', { body: sameBank });
    expect(bankAnswer.json()).toEqual({ message: 'EXISTING_BANK' });
    // The same phone never gets as far: its one-time code is refused.
    const samePhone = await t.api('POST', '/api/otp/send', {
      body: { phoneNumber: inviter.username },
    });
    expect(samePhone.json()).toEqual({ message: 'EXISTING_USER' });

    const invitees = await db()
      .kysely.selectFrom('members')
      .select('id')
      .where('invited_by', '=', inviterId)
      .execute();
    expect(invitees).toEqual([]);
    expect(await accruals(inviterId)).toEqual([]);
  });

  it('no accrual when the invitee and the inviter hold the same bank account at deposit time', async () => {
    // Both sides are read at accrual time. The unique (bank_code, account_no) keeps two members off one account, so
    // the test drops it inside a transaction that it rolls back (DDL is transactional).
    const { inviterId, inviteeId } = await inviterAndInvitee();
    const inviterBank = await db()
      .kysely.selectFrom('member_bank_accounts')
      .selectAll()
      .where('member_id', '=', inviterId)
      .executeTakeFirstOrThrow();
    const accrued = await db()
      .withTransaction(async (trx) => {
        await trx.schema
          .alterTable('member_bank_accounts')
          .dropConstraint('member_bank_accounts_account_key')
          .execute();
        await trx
          .updateTable('member_bank_accounts')
          .set({ bank_code: inviterBank.bank_code, account_no: inviterBank.account_no })
          .where('member_id', '=', inviteeId)
          .execute();
        const credited = await creditDeposit(trx, {
          memberId: inviteeId,
          currency: 'THB',
          amountMinor: 1_000_00n,
          externalRef: `banktx:${randomUUID()}`,
          metadata: {},
          now: t.clock.now(),
        });
        expect(credited.kind).toBe('credited');
        const rows = await trx
          .selectFrom('invite_accruals')
          .select('id')
          .where('invitee_id', '=', inviteeId)
          .execute();
        throw new Rollback(rows.length);
      })
      .catch((error: unknown) => {
        if (error instanceof Rollback) return error.count;
        throw error;
      });
    expect(accrued).toBe(0);
  });
});

class Rollback extends Error {
  constructor(readonly count: number) {
    super('rollback');
  }
}

describe('POST /api/invite lists the invitees', () => {
  it('newest first, 10 a page, with the total and the shares with and without a deposit', async () => {
    const inviter = await signedInMember(t);
    const inviterId = await memberIdOf(t, inviter.username);
    const ids = await insertInvitees(inviterId, 12, new Date('2026-10-01T00:00:00Z'));
    // 4 of 12 deposit: 33.33 % and 66.67 %.
    for (const id of ids.slice(0, 4)) await credit(id, 100_00n);

    const first = await inviteList(inviter.token, 1, 10);
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
    const second = await inviteList(inviter.token, 2, 10);
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
    expect(await inviteList(m.token)).toMatchObject({
      total: 0,
      invites: [],
      inviteAmount: 0,
      inviteSuccess: 0,
      inviteFail: 0,
    });
  });

  it('banners come from the setting', async () => {
    const m = await signedInMember(t);
    await setInvite({ banners: [{ image: 'https://img.test/invite.png', html: '<p>Invite</p>' }] });
    const response = await t.api('GET', '/api/invite/banners', { token: m.token });
    expect(response.json()).toEqual({
      banners: [{ image: 'https://img.test/invite.png', html: '<p>Invite</p>' }],
    });
  });
});

describe('GET /api/invite/bonus collects the commission into cash', () => {
  it('one transfer from the invite house; then NO_INVITE_BONUS; the statement shows a bonus row of the invite', async () => {
    const { inviter, inviterId, inviteeId } = await inviterAndInvitee();
    await credit(inviteeId, 1_000_00n);
    await credit(inviteeId, 550_00n);
    const houseBefore = await getHouseBalance(db().kysely, { house: 'invite' }, 'THB');

    const collected = await t.api('GET', '/api/invite/bonus', { token: inviter.token });
    expect(collected.statusCode, collected.body).toBe(200);
    const body = collected.json() as { message: string; amount: number; transferId: string };
    expect(body).toMatchObject({ message: 'INVITE_BONUS_SUCCESS', amount: 15.5 });
    expect(await cashOf(t, inviterId)).toBe(15_50n);
    expect(await getHouseBalance(db().kysely, { house: 'invite' }, 'THB')).toBe(
      houseBefore - 15_50n,
    );
    expect((await accruals(inviterId)).every((a) => a.collection_id !== null)).toBe(true);
    expect(await inviteList(inviter.token)).toMatchObject({ inviteAmount: 0 });
    // What each invitee earned stays in the list after the collect.
    expect((await inviteList(inviter.token)).invites[0]?.amount).toBe(15.5);

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
    const { inviter, inviterId, inviteeId } = await inviterAndInvitee();
    await credit(inviteeId, 1_000_00n);
    await setInvite({ enabled: false });
    const response = await t.api('GET', '/api/invite/bonus', { token: inviter.token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'INVITE_INACTIVE' });
    expect(await cashOf(t, inviterId)).toBe(0n);
    expect(await inviteList(inviter.token)).toMatchObject({ inviteAmount: 10 });
  });

  it('needs a session', async () => {
    const response = await t.api('GET', '/api/invite/bonus');
    expect(response.statusCode).toBe(401);
  });

  it(`100 parallel collects by one member pay once (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const { inviter, inviterId, inviteeId } = await inviterAndInvitee();
    for (let i = 0; i < 5; i += 1) await credit(inviteeId, 1_000_00n);
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
