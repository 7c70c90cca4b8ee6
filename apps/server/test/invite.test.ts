import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { creditDeposit } from '@/modules/deposit/deposit-member.ts';
import { isSelfInvite } from '@/modules/invite/invite.service.ts';
import { depositViaBank, memberIdOf } from './support/bank.ts';
import {
  accruals,
  credit,
  insertInvitees,
  inviteList,
  inviterAndInvitee,
  setInvite,
} from './support/invite.ts';
import { registerMember, registration, verifyPhone } from './support/members.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { GUARDS_OFF, setGuards } from './support/promotion-play.ts';

/** Invite commission accrual and self-invitation (docs/decisions/0013-promotions.md#invite, #deposits). */

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

describe('invite commission accrues on each credited deposit of an invitee', () => {
  it('percent × deposit, rounded down, to the inviter; the list and GET /api/wallet show it', async () => {
    const { inviter, inviterId, invitee } = await inviterAndInvitee(t);
    await setInvite(t, { percent: 1.5 });
    await depositViaBank(t, invitee, 333_33);
    // 1.5 % of 333.33 = 4.99995 → 4.99
    expect((await accruals(t, inviterId)).map((a) => Number(a.amount))).toEqual([4_99]);

    const list = await inviteList(t, inviter.token);
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
    const { inviterId, inviteeId } = await inviterAndInvitee(t);
    await setInvite(t, { enabled: false });
    await credit(t, inviteeId, 1_000_00n);
    await setInvite(t, { percent: 0 });
    await credit(t, inviteeId, 1_000_00n);
    expect(await accruals(t, inviterId)).toEqual([]);

    await setInvite(t, { percent: 1 });
    const loner = await registerMember(t);
    await credit(t, await memberIdOf(t, loner.username), 1_000_00n);
    expect(
      await db()
        .kysely.selectFrom('invite_accruals')
        .selectAll()
        .where('invitee_id', '=', await memberIdOf(t, loner.username))
        .execute(),
    ).toEqual([]);
    // A commission under one satang is nothing.
    await credit(t, inviteeId, 99n);
    expect(await accruals(t, inviterId)).toEqual([]);
  });

  it('nothing from a deposit in another currency than the inviter’s (a LAK invitee of a THB inviter)', async () => {
    const inviter = await registerMember(t);
    const inviterId = await memberIdOf(t, inviter.username);
    const [laoId] = await insertInvitees(t, inviterId, 1, t.clock.now(), 'LAK');
    await credit(t, laoId ?? '', 100_000_00n, { currency: 'LAK' });
    expect(await accruals(t, inviterId)).toEqual([]);
  });

  it('once per deposit, even when the same bank transaction arrives twice', async () => {
    const { inviterId, inviteeId } = await inviterAndInvitee(t);
    const ref = `banktx:KBANK:${randomUUID()}`;
    const first = await credit(t, inviteeId, 2_000_00n, { externalRef: ref });
    const again = await credit(t, inviteeId, 2_000_00n, { externalRef: ref });
    expect(first.kind).toBe('credited');
    expect(again.kind).toBe('already_credited');
    const rows = await accruals(t, inviterId);
    expect(rows.map((a) => Number(a.amount))).toEqual([20_00]);
    expect(rows[0]?.deposit_transfer_id).toBe(first.kind === 'credited' ? first.transferId : '');
    // A second real deposit accrues again.
    await credit(t, inviteeId, 1_000_00n);
    expect((await accruals(t, inviterId)).map((a) => Number(a.amount)).sort()).toEqual([
      10_00, 20_00,
    ]);
  });

  it('a deposit rolled back leaves no accrual', async () => {
    const { inviterId, inviteeId } = await inviterAndInvitee(t);
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
    expect(await accruals(t, inviterId)).toEqual([]);
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
    expect(await accruals(t, inviterId)).toEqual([]);
  });

  it('no accrual when the invitee and the inviter hold the same bank account at deposit time', async () => {
    // Both sides are read at accrual time. The unique (bank_code, account_no) keeps two members off one account, so
    // the test drops it inside a transaction that it rolls back (DDL is transactional).
    const { inviterId, inviteeId } = await inviterAndInvitee(t);
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
