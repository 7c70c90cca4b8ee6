import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMemberBalances } from '@/modules/ledger/ledger.repository.ts';
import { memberIdOf } from './support/bank.ts';
import { playingMember } from './support/game-bets.ts';
import { inviterAndInvitee } from './support/invite.ts';
import { login, PASSWORD, signedInMember } from './support/members.ts';
import {
  clearGameFaults,
  creditCash,
  moneyCall,
  sandboxBalance,
  setGameFaults,
} from './support/money.ts';
import { adminApi, signedInOperator, type TestOperator } from './support/operators.ts';
import { createTestApp, uniqueIp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let support: TestOperator;
let auditor: TestOperator;
let marketing: TestOperator;
let finance: TestOperator;
beforeAll(async () => {
  t = await createTestApp();
  support = await signedInOperator(t, 'support');
  auditor = await signedInOperator(t, 'auditor');
  marketing = await signedInOperator(t, 'marketing');
  finance = await signedInOperator(t, 'finance');
});
afterAll(async () => {
  await t?.close();
});

type Page<T> = { total: number; rows: T[] };
type Summary = { id: string; publicId: string; phone: string; name: string; status: string };

const call = (operator: TestOperator, method: 'GET' | 'POST', url: string, body?: unknown) =>
  adminApi(t, method, url, { token: operator.token, body });

async function search(query: string, field?: string): Promise<Page<Summary>> {
  const response = await call(support, 'POST', '/api/admin/members/search', { query, field });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function auditOf(memberId: string, action: string) {
  return t.app.deps.db.kysely
    .selectFrom('audit_log')
    .selectAll()
    .where('target_id', '=', memberId)
    .where('action', '=', action)
    .execute();
}

describe('member search (members.read)', () => {
  it('finds a member by phone, name, public id, internal id and bank account number', async () => {
    const name = `Search ${randomUUID().slice(0, 8)}`;
    const member = await signedInMember(t, { name, bankCode: 'KBANK', bankAccountName: name });
    const id = await memberIdOf(t, member.username);
    const only = (page: Page<Summary>) => page.rows.map((r) => r.id);

    expect(only(await search(member.username))).toEqual([id]);
    // As support hears it: with the country code, spaces and dashes.
    const spoken = `+66 ${member.username.slice(1, 3)}-${member.username.slice(3)}`;
    expect(only(await search(spoken, 'phone'))).toEqual([id]);
    expect(only(await search(name.toLowerCase(), 'name'))).toEqual([id]);
    expect(only(await search(member.publicId.toLowerCase(), 'publicId'))).toEqual([id]);
    expect(only(await search(id, 'id'))).toEqual([id]);
    expect(only(await search(member.bankAccountNo, 'bankAccount'))).toEqual([id]);
    // One way only: a name is no phone, and an internal id is no public id.
    expect((await search(name, 'phone')).total).toBe(0);
    expect((await search(id, 'publicId')).total).toBe(0);
    // Wildcards typed are matched literally.
    expect((await search('%%%', 'name')).total).toBe(0);

    const [row] = (await search(member.publicId)).rows;
    expect(row).toMatchObject({
      publicId: member.publicId,
      phone: member.username,
      status: 'active',
    });
  });

  it('pages the results', async () => {
    const name = `Paged ${randomUUID().slice(0, 8)}`;
    for (let i = 0; i < 3; i += 1) await signedInMember(t, { name: `${name} ${i}` });
    const first = await call(support, 'POST', '/api/admin/members/search', {
      query: name,
      field: 'name',
      page: 1,
      limit: 2,
    });
    const second = await call(support, 'POST', '/api/admin/members/search', {
      query: name,
      field: 'name',
      page: 2,
      limit: 2,
    });
    expect(first.json()).toMatchObject({ total: 3 });
    expect(first.json().rows).toHaveLength(2);
    expect(second.json().rows).toHaveLength(1);
  });

  it('answers a bad query with a code, and a member token or no token is refused', async () => {
    const empty = await call(support, 'POST', '/api/admin/members/search', { query: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'INVALID_REQUEST' });
    const member = await signedInMember(t);
    const asMember = await adminApi(t, 'POST', '/api/admin/members/search', {
      token: member.token,
      body: { query: member.username },
    });
    expect(asMember.statusCode).toBe(401);
    const unknown = await call(support, 'GET', `/api/admin/members/${randomUUID()}`);
    expect(unknown.json()).toEqual({ message: 'ITEM_NOT_FOUND' });
    const notId = await call(support, 'GET', '/api/admin/members/not-a-uuid');
    expect(notId.json()).toEqual({ message: 'ITEM_NOT_FOUND' });
  });
});

describe('member page (members.read)', () => {
  it('shows the ledger’s balances, each game account’s live balance (a failing provider marks its row) and the lists', async () => {
    const member = await playingMember(t, ['PG', 'JOKER'], 300);
    await creditCash(t.app.deps.db, member.memberId, 123_45n);
    const ledger = await readMemberBalances(t.app.deps.db.kysely, member.memberId, 'posted');

    const detail = await call(auditor, 'GET', `/api/admin/members/${member.memberId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const page = detail.json();
    expect(page.member).toMatchObject({ publicId: member.publicId, phone: member.username });
    expect(page.balances).toMatchObject({
      cashMinor: ledger.cash.toString(),
      bonusMinor: ledger.bonus.toString(),
      gamesMinor: { PG: ledger.games.PG?.toString(), JOKER: ledger.games.JOKER?.toString() },
    });
    expect(ledger.cash).toBe(123_45n);
    expect(page.sessions.length).toBeGreaterThanOrEqual(1);
    expect(page.sessions[0]).toMatchObject({ isLive: true, revokedAt: null });

    await setGameFaults(t, { provider: 'JOKER', failureRate: 1 });
    try {
      const games = await call(auditor, 'GET', `/api/admin/members/${member.memberId}/games`);
      expect(games.statusCode, games.body).toBe(200);
      const rows = games.json().rows as {
        provider: string;
        liveMinor: string | null;
        liveError: string | null;
      }[];
      const pg = rows.find((r) => r.provider === 'PG');
      const joker = rows.find((r) => r.provider === 'JOKER');
      expect(pg?.liveMinor).toBe(
        (await sandboxBalance(t, 'PG', member.usernames.PG ?? '')).toString(),
      );
      expect(pg?.liveError).toBeNull();
      expect(joker?.liveMinor).toBeNull();
      expect(joker?.liveError).toEqual(expect.any(String));
    } finally {
      await clearGameFaults(t);
    }

    const all = await call(auditor, 'POST', `/api/admin/members/${member.memberId}/ledger`, {
      view: 'ledger',
    });
    const transfers = await t.app.deps.db.kysely
      .selectFrom('ledger_transfers')
      .select(['id'])
      .where('member_id', '=', member.memberId)
      .execute();
    expect(all.json().total).toBe(transfers.length);
    // Every posted movement summed per the member's side gives the cash, bonus and game money.
    const rows = all.json().rows as { status: string; signedMinor: string; kind: string }[];
    const deposits = await call(auditor, 'POST', `/api/admin/members/${member.memberId}/ledger`, {
      view: 'deposit',
    });
    expect(deposits.json().rows.every((r: { kind: string }) => r.kind === 'deposit')).toBe(true);
    expect(deposits.json().total).toBe(2);
    expect(rows.some((r) => r.kind === 'game_in' && r.signedMinor === '0')).toBe(true);
  });

  it('shows the invite tree: who invited the member and whom they invited, with deposit status', async () => {
    const { inviterId, inviteeId } = await inviterAndInvitee(t);
    await creditCash(t.app.deps.db, inviteeId, 50_00n);
    const inviteePage = (await call(support, 'GET', `/api/admin/members/${inviteeId}`)).json();
    expect(inviteePage.invitedBy?.id).toBe(inviterId);
    const inviterPage = (await call(support, 'GET', `/api/admin/members/${inviterId}`)).json();
    expect(inviterPage.invitees).toEqual({ total: 1, deposited: 1 });
    const list = await call(support, 'POST', `/api/admin/members/${inviterId}/invitees`, {});
    expect(list.json()).toMatchObject({ total: 1, rows: [{ id: inviteeId, hasDeposited: true }] });
  });
});

const walletCalls = (token: string) => [
  t.api('GET', '/api/wallet', { token }),
  moneyCall(t, '/api/wallet/withdraw', token, { amount: 100 }),
  moneyCall(t, '/api/wallet/transfer', token, { from: 'wallet', to: 'PG', amount: 10 }),
  moneyCall(t, '/api/wallet/add', token, { amount: 100 }),
  t.api('POST', '/api/qrcode/KBANK', { token, body: { amount: 100 } }),
];

describe('freeze and unfreeze (members.manage)', () => {
  it('freezing signs the member out everywhere, refuses sign-in and every money call; unfreezing restores', async () => {
    const member = await signedInMember(t);
    const memberId = await memberIdOf(t, member.username);
    await creditCash(t.app.deps.db, memberId, 1000_00n);
    expect((await t.api('GET', '/api/wallet', { token: member.token })).statusCode).toBe(200);

    const frozen = await call(support, 'POST', `/api/admin/members/${memberId}/freeze`, {
      reason: 'Reported stolen phone',
    });
    expect(frozen.statusCode, frozen.body).toBe(200);
    expect(frozen.json()).toEqual({ status: 'suspended', sessionsEnded: 1 });

    for (const response of await Promise.all(walletCalls(member.token)))
      expect(response.statusCode, response.body).toBe(401);
    const signIn = await t.api('POST', '/api/login', {
      body: { username: member.username, password: PASSWORD },
      ip: uniqueIp(),
    });
    expect(signIn.json()).toEqual({ message: 'INACTIVE_USER' });

    // Even a token that somehow stayed live moves nothing while the member is frozen.
    await t.app.deps.db.kysely
      .updateTable('sessions')
      .set({ revoked_at: null })
      .where('member_id', '=', memberId)
      .execute();
    for (const response of await Promise.all(walletCalls(member.token))) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toEqual({ message: 'INACTIVE_USER' });
    }
    expect((await readMemberBalances(t.app.deps.db.kysely, memberId, 'posted')).cash).toBe(
      1000_00n,
    );

    const again = await call(support, 'POST', `/api/admin/members/${memberId}/freeze`, {
      reason: 'Twice',
    });
    expect(again.json()).toEqual({ message: 'MEMBER_STATUS_UNCHANGED' });
    const [audit] = await auditOf(memberId, 'member.frozen');
    expect(audit).toMatchObject({
      operator_id: support.id,
      reason: 'Reported stolen phone',
      before: { status: 'active' },
    });

    const unfrozen = await call(support, 'POST', `/api/admin/members/${memberId}/unfreeze`, {
      reason: 'Member proved identity',
    });
    expect(unfrozen.json()).toEqual({ status: 'active', sessionsEnded: 0 });
    const token = await login(t, member.username);
    expect((await t.api('GET', '/api/wallet', { token })).statusCode).toBe(200);
    expect(await auditOf(memberId, 'member.unfrozen')).toHaveLength(1);
  });

  it('needs a reason', async () => {
    const member = await signedInMember(t);
    const memberId = await memberIdOf(t, member.username);
    const response = await call(support, 'POST', `/api/admin/members/${memberId}/freeze`, {});
    expect(response.json()).toEqual({ message: 'REASON_REQUIRED' });
  });
});

describe('sign out everywhere and password reset (members.manage)', () => {
  it('ends every session of the member', async () => {
    const member = await signedInMember(t);
    const memberId = await memberIdOf(t, member.username);
    const second = await login(t, member.username);
    const response = await call(support, 'POST', `/api/admin/members/${memberId}/sign-out`, {});
    expect(response.json()).toEqual({ sessionsEnded: 2 });
    for (const token of [member.token, second])
      expect((await t.api('GET', '/api/wallet', { token })).statusCode).toBe(401);
    expect(await auditOf(memberId, 'member.signed_out')).toHaveLength(1);
    await login(t, member.username);
  });

  it('sends the member an SMS code, and the member sets a new password with it in the app', async () => {
    const member = await signedInMember(t);
    const memberId = await memberIdOf(t, member.username);
    t.clock.advance(61_000);
    const outbox = async () => {
      const answer = await fetch(
        `${t.sandboxUrl}/sms/outbox?phone=${encodeURIComponent(member.username)}`,
      );
      return (await answer.json()) as { code: string; refno: string }[];
    };
    const sentBefore = (await outbox()).length;

    const response = await call(support, 'POST', `/api/admin/members/${memberId}/password-reset`, {
      reason: 'Member called: forgot password',
    });
    expect(response.statusCode, response.body).toBe(200);
    const { otpRef } = response.json();
    expect(Object.keys(response.json())).toEqual(['otpRef']);
    const sms = await outbox();
    expect(sms).toHaveLength(sentBefore + 1);
    expect(sms[0]?.refno).toBe(otpRef);

    // The member's own "forgot password" picks up that code (same reference) without another SMS.
    const ip = uniqueIp();
    const forgot = await t.api('POST', '/api/account/password/forgot', {
      body: { phoneNumber: member.username },
      ip,
    });
    expect(forgot.json()).toMatchObject({ code: 'OK', otpRef });
    expect(await outbox()).toHaveLength(sentBefore + 1);
    const { otpToken } = forgot.json();
    const verified = await t.api('POST', '/api/otp/verify', {
      body: { otpToken, otpCode: sms[0]?.code },
      ip,
    });
    expect(verified.json()).toEqual({ message: 'OTP_CODE_VALID' });
    const reset = await t.api('POST', '/api/account/password/reset', {
      body: { phoneNumber: member.username, otpToken, password: 'a new secret 77' },
    });
    expect(reset.json()).toEqual({ message: 'SUCCESS' });
    await login(t, member.username, 'a new secret 77');
    const old = await t.api('POST', '/api/login', {
      body: { username: member.username, password: PASSWORD },
      ip: uniqueIp(),
    });
    expect(old.json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    const [audit] = await auditOf(memberId, 'member.password_reset_sent');
    expect(audit?.after).toEqual({ otpRef });

    // The code is used up: another forgot sends a fresh SMS as before.
    t.clock.advance(61_000);
    await t.api('POST', '/api/account/password/forgot', { body: { phoneNumber: member.username } });
    expect(await outbox()).toHaveLength(sentBefore + 2);
  });
});

describe('roles', () => {
  it('refuses the actions to roles without members.manage', async () => {
    const member = await signedInMember(t);
    const memberId = await memberIdOf(t, member.username);
    for (const operator of [auditor, marketing, finance]) {
      for (const action of ['freeze', 'unfreeze', 'sign-out', 'password-reset']) {
        const response = await call(operator, 'POST', `/api/admin/members/${memberId}/${action}`, {
          reason: 'Not allowed',
        });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: 'OPERATOR_FORBIDDEN' });
      }
    }
    const status = await t.app.deps.db.kysely
      .selectFrom('members')
      .select('status')
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('active');
  });
});
