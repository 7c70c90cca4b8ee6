import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { AdminChatConversation } from '@mekong/contracts/admin/chat';
import { CHAT_SOCKET } from '@mekong/contracts/chat';
import {
  chatApi,
  clientId,
  collect,
  connected,
  eventually,
  newGuest,
  openSocket,
  send,
  setChatEnabled,
  settle,
  text,
  listen,
  type StoredMessage,
} from './support/chat.ts';
import { signedInMember } from './support/members.ts';
import { adminApi, signedInOperator, type TestOperator } from './support/operators.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let url: string;
let support: TestOperator;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await setChatEnabled(t, true);
  url = await listen(t);
  support = await signedInOperator(t, 'support');
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

async function customer(auth: Record<string, unknown>) {
  const socket = await connected(url, CHAT_SOCKET.customerNamespace, auth);
  sockets.push(socket);
  return socket;
}

async function agentSocket(op: TestOperator) {
  const socket = await connected(url, CHAT_SOCKET.agentNamespace, { token: op.token });
  sockets.push(socket);
  return socket;
}

const payloadText = (m: StoredMessage) => m.message.payload.message;

describe('the customer socket', () => {
  it('refuses a missing, forged or expired identity, a bad member token, and a switched-off chat', async () => {
    const guest = await newGuest(t);
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'CHAT_UNAUTHORIZED'],
      [{ guestToken: `${guest.guestId}.9999999999999.${'A'.repeat(43)}` }, 'CHAT_GUEST_INVALID'],
      [{ guestToken: 42 }, 'CHAT_UNAUTHORIZED'],
      [{ token: 'not-a-session' }, 'CHAT_UNAUTHORIZED'],
    ];
    for (const [auth, code] of cases)
      expect(
        (await openSocket(url, CHAT_SOCKET.customerNamespace, auth)).code,
        JSON.stringify(auth),
      ).toBe(code);
    t.clock.advance(91 * 24 * 60 * 60_000);
    try {
      const expired = await openSocket(url, CHAT_SOCKET.customerNamespace, {
        guestToken: guest.guestToken,
      });
      expect(expired.code).toBe('CHAT_GUEST_INVALID');
    } finally {
      t.clock.advance(-91 * 24 * 60 * 60_000);
    }
    await setChatEnabled(t, false);
    try {
      const off = await openSocket(url, CHAT_SOCKET.customerNamespace, {
        guestToken: guest.guestToken,
      });
      expect(off.code).toBe('CHAT_DISABLED');
    } finally {
      await setChatEnabled(t, true);
    }
  });

  it("room isolation: a guest never receives another guest's messages, whatever it names", async () => {
    const a = await newGuest(t);
    const b = await newGuest(t);
    // A names B's room and B's id in every way it could: the server ignores all of it.
    const socketA = await customer({
      guestToken: a.guestToken,
      room: `mekong-chat-${b.guestId}`,
      guestId: b.guestId,
    });
    socketA.emit('join', `mekong-chat-${b.guestId}`);
    socketA.emit('join-room', { room: `mekong-chat-${b.guestId}` });
    const socketB = await customer({ guestToken: b.guestToken });
    const gotA = collect<StoredMessage>(socketA, CHAT_SOCKET.messaging);
    const gotB = collect<StoredMessage>(socketB, CHAT_SOCKET.messaging);
    await settle(100);
    await send(t, { guestToken: b.guestToken }, text('for B only'));
    await send(t, { guestToken: a.guestToken }, text('from A'));
    await eventually(() => gotB.length === 1 && gotA.length === 1, 5000, 'own messages');
    await settle();
    expect(gotA.map(payloadText)).toEqual(['from A']);
    expect(gotB.map(payloadText)).toEqual(['for B only']);
    // A token for A cannot be turned into B's: a B id with A's signature is refused.
    const swapped = a.guestToken.replace(a.guestId, b.guestId);
    expect(
      (await openSocket(url, CHAT_SOCKET.customerNamespace, { guestToken: swapped })).code,
    ).toBe('CHAT_GUEST_INVALID');
  });

  it('a member socket joins the member room; a claimed guest conversation arrives there', async () => {
    const member = await signedInMember(t);
    const memberSocket = await customer({ token: member.token });
    const got = collect<StoredMessage>(memberSocket, CHAT_SOCKET.messaging);
    const guest = await newGuest(t);
    const guestSocket = await customer({ guestToken: guest.guestToken });
    await send(t, { guestToken: guest.guestToken }, text('before sign-in'));
    const claim = await chatApi(
      t,
      'POST',
      '/api/chat/claim-guest',
      { token: member.token },
      { guestToken: guest.guestToken },
    );
    expect(claim.json()).toEqual({ moved: 1 });
    await eventually(() => got.length === 1, 5000, 'moved message');
    expect(got[0]).toMatchObject({ userId: member.publicId, guestId: null });
    expect(payloadText(got[0]!)).toBe('before sign-in');
    guestSocket.close();
    expect(
      (await openSocket(url, CHAT_SOCKET.customerNamespace, { guestToken: guest.guestToken })).code,
    ).toBe('CHAT_GUEST_INVALID');
  });
});

describe('the agent socket', () => {
  it('refuses a finance operator and a member token', async () => {
    const finance = await signedInOperator(t, 'finance');
    expect((await openSocket(url, CHAT_SOCKET.agentNamespace, { token: finance.token })).code).toBe(
      'OPERATOR_FORBIDDEN',
    );
    const member = await signedInMember(t);
    expect((await openSocket(url, CHAT_SOCKET.agentNamespace, { token: member.token })).code).toBe(
      'UNAUTHORIZED',
    );
  });

  it('messages, typing and read marks both ways, private notes only to agents', async () => {
    const agent = await agentSocket(support);
    const conversations = collect<AdminChatConversation>(agent, CHAT_SOCKET.conversation);
    const guest = await newGuest(t);
    const who = { guestToken: guest.guestToken };
    const guestSocket = await customer(who);
    const toGuest = collect<StoredMessage>(guestSocket, CHAT_SOCKET.messaging);
    const guestTyping = collect<{ isTyping: boolean }>(guestSocket, CHAT_SOCKET.typing);
    const guestReads = collect<{ side: string; at: string }>(guestSocket, CHAT_SOCKET.read);

    const first = await send(t, who, text('hello agents'));
    const conversationId = first.session_id;
    await eventually(
      () => conversations.some((c) => c.id === conversationId),
      5000,
      'conversation event',
    );

    const watched = await agent.emitWithAck(CHAT_SOCKET.watch, { conversationId });
    expect(watched).toEqual({ ok: true });
    expect(await agent.emitWithAck(CHAT_SOCKET.watch, { conversationId: 'nope' })).toEqual({
      ok: false,
      code: 'CHAT_CONVERSATION_NOT_FOUND',
    });
    const toAgent = collect<StoredMessage & { isPrivateNote: boolean }>(
      agent,
      CHAT_SOCKET.messaging,
    );
    const agentTyping = collect<{ conversationId: string; isTyping: boolean; side: string }>(
      agent,
      CHAT_SOCKET.typing,
    );
    const agentReads = collect<{ side: string }>(agent, CHAT_SOCKET.read);

    guestSocket.emit(CHAT_SOCKET.typing, { isTyping: true });
    await eventually(() => agentTyping.length === 1, 5000, 'customer typing');
    expect(agentTyping[0]).toEqual({ conversationId, isTyping: true, side: 'customer' });

    await send(t, who, text('second'));
    await eventually(() => toAgent.length === 1, 5000, 'customer message to agent');
    expect(payloadText(toAgent[0]!)).toBe('second');

    const api = (method: 'POST' | 'PUT', path: string, body?: unknown) =>
      adminApi(t, method, `/api/admin/chat/conversations/${conversationId}${path}`, {
        token: support.token,
        body,
      });
    await api('POST', '/assign', {});
    agent.emit(CHAT_SOCKET.typing, { conversationId, isTyping: true });
    await eventually(() => guestTyping.length === 1, 5000, 'agent typing');
    expect(guestTyping[0]).toEqual({ isTyping: true });

    await api('POST', '/send', {
      clientId: clientId(),
      message: text('a private note'),
      isPrivateNote: true,
    });
    await api('POST', '/send', { clientId: clientId(), message: text('how can I help?') });
    await eventually(() => toGuest.length === 3, 5000, 'agent answer to guest');
    await eventually(() => toAgent.length === 3, 5000, 'notes to agents');
    expect(toGuest.map(payloadText)).toEqual(['hello agents', 'second', 'how can I help?']);
    expect(toGuest[2]).toMatchObject({ sender: 'other', name: support.username });
    expect(toAgent.map((m) => [payloadText(m), m.isPrivateNote])).toEqual([
      ['second', false],
      ['a private note', true],
      ['how can I help?', false],
    ]);

    await api('PUT', '/read');
    await eventually(() => guestReads.length === 1, 5000, 'agent read mark');
    expect(guestReads[0]?.side).toBe('agent');
    await chatApi(t, 'PUT', '/api/chat/read-customer/', who, {});
    await eventually(() => agentReads.length === 1, 5000, 'customer read mark');
    expect(agentReads[0]?.side).toBe('customer');

    const online = await adminApi(t, 'GET', '/api/admin/chat/agents', { token: support.token });
    expect(
      online
        .json<{ agents: { id: string; isOnline: boolean }[] }>()
        .agents.find((a) => a.id === support.id)?.isOnline,
    ).toBe(true);
  });
});

describe("the socket's HTTP answers (Engine.IO polling)", () => {
  /** What every API answer carries (plugins/security-headers.ts). */
  const expectSecurityHeaders = (response: Response, what: string) => {
    expect(response.headers.get('content-security-policy'), what).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options'), what).toBe('nosniff');
    expect(response.headers.get('x-frame-options'), what).toBe('SAMEORIGIN');
    expect(response.headers.get('strict-transport-security'), what).toContain('max-age=');
    expect(response.headers.get('referrer-policy'), what).toBe('no-referrer');
    expect(response.headers.get('cross-origin-resource-policy'), what).toBe('same-site');
    expect(response.headers.get('cache-control'), what).toBe('no-store');
  };

  it('carry the security headers of the rest of the API: the handshake, a poll, a post and a refusal', async () => {
    const base = `${url}${CHAT_SOCKET.path}/?EIO=4&transport=polling`;
    const handshake = await fetch(base);
    expect(handshake.status).toBe(200);
    expectSecurityHeaders(handshake, 'handshake');
    const sid = /"sid":"([^"]+)"/.exec(await handshake.text())?.[1];
    expect(sid).toBeTruthy();

    const posted = await fetch(`${base}&sid=${sid}`, { method: 'POST', body: '40/customer,{}' });
    expect(posted.status).toBe(200);
    expectSecurityHeaders(posted, 'post');
    const polled = await fetch(`${base}&sid=${sid}`);
    expect(polled.status).toBe(200);
    expectSecurityHeaders(polled, 'poll');
    await polled.text();

    const refused = await fetch(`${url}${CHAT_SOCKET.path}/?EIO=4&transport=nothing`);
    expect(refused.status).toBe(400);
    expectSecurityHeaders(refused, 'refusal');
  });
});
