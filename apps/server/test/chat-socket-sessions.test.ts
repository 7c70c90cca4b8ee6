import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { CHAT_SOCKET } from '@mekong/contracts/chat';
import {
  collect,
  connected,
  eventually,
  listen,
  newGuest,
  send,
  setChatEnabled,
  settle,
  text,
  type StoredMessage,
} from './support/chat.ts';
import { login, PASSWORD, signedInMember } from './support/members.ts';
import { adminApi, signedInOperator } from './support/operators.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// docs/decisions/0015-support-chat.md#socket: a socket lives no longer than its session.
let t: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await setChatEnabled(t, true);
  url = await listen(t);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

async function open(namespace: string, token: string) {
  const socket = await connected(url, namespace, { token });
  sockets.push(socket);
  const closed: string[] = [];
  socket.on('disconnect', (reason) => closed.push(reason));
  return { socket, closed, got: collect<StoredMessage>(socket, CHAT_SOCKET.messaging) };
}

const payloadText = (m: StoredMessage) => m.message.payload.message;

describe('a member socket after its session ends', () => {
  for (const how of ['logout', 'password change'] as const)
    it(`is disconnected and receives nothing (${how})`, async () => {
      const member = await signedInMember(t);
      const other = await login(t, member.username);
      const old = await open(CHAT_SOCKET.customerNamespace, member.token);
      const kept = await open(CHAT_SOCKET.customerNamespace, other);
      await settle(100);

      if (how === 'logout') {
        const out = await t.api('POST', '/api/logout', { token: member.token });
        expect(out.statusCode, out.body).toBe(200);
      } else {
        const changed = await t.api('PUT', '/api/account/changepwd', {
          token: other,
          body: { oldPassword: PASSWORD, newPassword: 'another password 1' },
        });
        expect(changed.statusCode, changed.body).toBe(200);
      }
      expect((await t.api('GET', '/api/wallet', { token: member.token })).statusCode).toBe(401);

      const fresh =
        how === 'logout'
          ? await login(t, member.username)
          : await login(t, member.username, 'another password 1');
      await send(t, { token: fresh }, text('after the end'));
      await eventually(() => kept.got.length === 1, 5000, 'message to the live session');
      await eventually(() => old.closed.length === 1, 5000, 'old socket disconnected');
      await settle();
      expect(old.got).toEqual([]);
      expect(old.socket.connected).toBe(false);
      expect(kept.socket.connected).toBe(true);
      expect(kept.got.map(payloadText)).toEqual(['after the end']);
    });
});

describe('an agent socket after its operator session ends', () => {
  for (const how of ['sign-out', 'disabled'] as const)
    it(`is disconnected and receives nothing (${how})`, async () => {
      const owner = await signedInOperator(t, 'owner');
      const agent = await signedInOperator(t, 'support');
      const old = await open(CHAT_SOCKET.agentNamespace, agent.token);
      const conversations = collect(old.socket, CHAT_SOCKET.conversation);
      const watcher = await open(CHAT_SOCKET.agentNamespace, owner.token);
      const seen = collect(watcher.socket, CHAT_SOCKET.conversation);
      await settle(100);

      const ended =
        how === 'sign-out'
          ? await adminApi(t, 'POST', '/api/admin/auth/sign-out', { token: agent.token })
          : await adminApi(t, 'PUT', `/api/admin/operators/${agent.id}`, {
              token: owner.token,
              body: { status: 'disabled' },
            });
      expect(ended.statusCode, ended.body).toBe(200);

      const member = await signedInMember(t);
      await send(t, { token: member.token }, text('to the agents'));
      await eventually(() => seen.length >= 1, 5000, 'conversation to the live agent');
      await eventually(() => old.closed.length === 1, 5000, 'old agent socket disconnected');
      await settle();
      expect(conversations).toEqual([]);
      expect(old.socket.connected).toBe(false);
      expect(watcher.socket.connected).toBe(true);
    });
});

describe('sockets whose session expired', () => {
  it("are disconnected by the periodic check; a guest's and a live session's stay", async () => {
    const member = await signedInMember(t);
    const agent = await signedInOperator(t, 'support');
    const memberSocket = await open(CHAT_SOCKET.customerNamespace, member.token);
    const agentSocket = await open(CHAT_SOCKET.agentNamespace, agent.token);
    await t.app.chatSockets.check();
    await settle(100);
    expect([memberSocket.socket.connected, agentSocket.socket.connected]).toEqual([true, true]);

    t.clock.advance(8 * 24 * 60 * 60_000);
    try {
      const guest = await newGuest(t);
      const guestSocket = await connected(url, CHAT_SOCKET.customerNamespace, {
        guestToken: guest.guestToken,
      });
      sockets.push(guestSocket);
      await t.app.chatSockets.check();
      await eventually(
        () => memberSocket.closed.length === 1 && agentSocket.closed.length === 1,
        5000,
        'expired sockets disconnected',
      );
      await settle(100);
      expect(guestSocket.connected).toBe(true);
    } finally {
      t.clock.advance(-8 * 24 * 60 * 60_000);
    }
  });
});
