import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { newPublicId } from '@/lib/secure-random.ts';
import { creditDeposit } from '@/modules/deposit/deposit-member.ts';
import { ensureMemberAccounts } from '@/modules/ledger/ledger.service.ts';
import { saveSetting } from '@/modules/settings/settings.repository.ts';
import type { SettingValue } from '@/modules/settings/settings.schema.ts';
import { memberIdOf } from './bank.ts';
import { registerMember, signedInMember, uniqueAccountNo, uniquePhone } from './members.ts';
import type { TestApp } from './test-app.ts';

/** Invites on at 1 % unless told otherwise. */
export async function setInvite(t: TestApp, value: Partial<SettingValue<'invite'>> = {}) {
  await saveSetting(
    t.app.deps.db.kysely,
    'invite',
    { enabled: true, percent: 1, banners: [], ...value },
    t.clock.now(),
  );
}

/** A signed-in inviter and a registered invitee (through the real registration with the invite code). */
export async function inviterAndInvitee(t: TestApp) {
  const inviter = await signedInMember(t);
  const inviterId = await memberIdOf(t, inviter.username);
  const invitee = await registerMember(t, { inviteCode: `PR${inviter.publicId}` });
  const inviteeId = await memberIdOf(t, invitee.username);
  return { inviter, inviterId, invitee, inviteeId };
}

/** Members invited by `inviterId`, straight in the database, one a minute from `start` (for pages of invitees). */
export async function insertInvitees(
  t: TestApp,
  inviterId: string,
  count: number,
  start: Date,
  currency: 'BAHT' | 'LAK' = 'BAHT',
) {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = randomUUID();
    const at = new Date(start.getTime() + i * 60_000);
    await t.app.deps.db.withTransaction(async (trx) => {
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

/** One deposit credited the way every channel credits it (deposit effects included). */
export function credit(
  t: TestApp,
  memberId: string,
  amountMinor: bigint,
  options: { externalRef?: string; currency?: 'THB' | 'LAK' } = {},
) {
  return t.app.deps.db.withTransaction((trx) =>
    creditDeposit(trx, {
      memberId,
      currency: options.currency ?? 'THB',
      amountMinor,
      externalRef: options.externalRef ?? `banktx:${randomUUID()}`,
      metadata: {},
      now: t.clock.now(),
    }),
  );
}

/** The inviter's accrual rows. */
export const accruals = (t: TestApp, inviterId: string) =>
  t.app.deps.db.kysely
    .selectFrom('invite_accruals')
    .selectAll()
    .where('member_id', '=', inviterId)
    .execute();

export type InviteList = {
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

export async function inviteList(
  t: TestApp,
  token: string,
  page = 1,
  limit = 10,
): Promise<InviteList> {
  const response = await t.api('POST', '/api/invite', { token, body: { page, limit } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as InviteList;
}
