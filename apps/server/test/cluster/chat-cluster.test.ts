import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { CHAT_SOCKET } from '@mekong/contracts/chat';
import {
  clientId,
  collect,
  connected,
  eventually,
  text,
  type StoredMessage,
} from '../support/chat.ts';
import {
  agentHeaders,
  clusterEnv,
  createCluster,
  guestHeaders,
  memberHeaders,
  postJson,
  type Cluster,
  type ServerProcess,
} from './support/servers.ts';

let cluster: Cluster;
let a: ServerProcess;
let b: ServerProcess;
let agentToken: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  cluster = await createCluster(clusterEnv());
  a = await cluster.startServer();
  await cluster.setSetting('chatWidget', { enabled: true });
  await cluster.setSetting('registerOtp', { enabled: false });
  b = await cluster.startServer();
  agentToken = await cluster.operatorToken(b, 'support');
}, 180_000);
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await cluster?.close();
}, 60_000);

const track = (socket: Socket) => {
  sockets.push(socket);
  return socket;
};
const textOf = (m: StoredMessage) => m.message.payload.message;

/** The agent on B takes a conversation, watches it and answers in it. */
async function agentAnswers(conversationId: string, agentSocket: Socket) {
  await postJson(
    b,
    `/api/admin/chat/conversations/${conversationId}/assign`,
    {},
    agentHeaders(agentToken),
  );
  expect(await agentSocket.emitWithAck(CHAT_SOCKET.watch, { conversationId })).toEqual({
    ok: true,
  });
  return (message: string) =>
    postJson(
      b,
      `/api/admin/chat/conversations/${conversationId}/send`,
      { clientId: clientId(), message: text(message) },
      agentHeaders(agentToken),
    );
}

describe('two server processes on PostgreSQL and Redis', () => {
  it('a guest on A and an agent on B exchange messages both ways', async () => {
    const agent = track(await connected(b.url, CHAT_SOCKET.agentNamespace, { token: agentToken }));
    const conversations = collect<{ id: string }>(agent, CHAT_SOCKET.conversation);
    const { guestToken } = await postJson(a, '/api/chat/guest', {});
    const guest = track(await connected(a.url, CHAT_SOCKET.customerNamespace, { guestToken }));
    const toGuest = collect<StoredMessage>(guest, CHAT_SOCKET.messaging);

    const sent = await postJson(
      a,
      '/api/chat/send-message',
      { clientId: clientId(), message: text('hello from A') },
      guestHeaders(String(guestToken)),
    );
    const conversationId = (sent.message as StoredMessage).session_id;
    await eventually(
      () => conversations.some((c) => c.id === conversationId),
      10_000,
      'conversation on B',
    );

    const answer = await agentAnswers(conversationId, agent);
    const toAgent = collect<StoredMessage>(agent, CHAT_SOCKET.messaging);
    await answer('hello from B');
    await eventually(
      () => toGuest.some((m) => textOf(m) === 'hello from B'),
      10_000,
      'answer on A',
    );

    await postJson(
      a,
      '/api/chat/send-message',
      { clientId: clientId(), message: text('thanks') },
      guestHeaders(String(guestToken)),
    );
    await eventually(
      () => toAgent.some((m) => textOf(m) === 'thanks'),
      10_000,
      'second message on B',
    );
    // The guest's own messages come back on its socket too (another tab of the same guest shows them).
    await eventually(() => toGuest.length === 3, 10_000, 'own message back on A');
    expect(toGuest.map(textOf)).toEqual(['hello from A', 'hello from B', 'thanks']);
  }, 60_000);

  it('A stops and starts again while a member is connected: the client reconnects by itself and loses nothing', async () => {
    const member = await cluster.memberToken(a);
    const memberSocket = track(
      await connected(
        a.url,
        CHAT_SOCKET.customerNamespace,
        { token: member.token },
        { reconnection: true, reconnectionDelay: 500 },
      ),
    );
    const live = collect<StoredMessage>(memberSocket, CHAT_SOCKET.messaging);
    let reconnects = 0;
    memberSocket.io.on('reconnect', () => {
      reconnects += 1;
    });
    const problems: string[] = [];
    memberSocket.on('connect_error', (error: Error) => problems.push(error.message));
    memberSocket.on('disconnect', (reason) => problems.push(`disconnect: ${reason}`));
    memberSocket.io.on('reconnect_error', (error) =>
      problems.push(`reconnect_error: ${error.message}`),
    );
    const agent = track(await connected(b.url, CHAT_SOCKET.agentNamespace, { token: agentToken }));
    const first = await postJson(
      a,
      '/api/chat/send-message',
      { clientId: clientId(), message: text('are you there?') },
      memberHeaders(member.token),
    );
    const answer = await agentAnswers((first.message as StoredMessage).session_id, agent);
    await answer('yes, before the restart');
    await eventually(
      () => live.some((m) => textOf(m) === 'yes, before the restart'),
      10_000,
      'first answer',
    );

    await a.stop();
    await eventually(() => !memberSocket.connected, 10_000, 'member disconnected');
    for (const n of [1, 2, 3]) await answer(`while A was down ${n}`);
    await a.start();
    await eventually(
      () => reconnects >= 1 && memberSocket.connected,
      60_000,
      'member reconnected',
    ).catch((error: unknown) => {
      throw new Error(
        `${String(error)}: ${problems.slice(0, 5).join('; ')} … ${problems.slice(-3).join('; ')}`,
      );
    });

    // What the web does after every reconnect: history page 1 again.
    const page = await postJson(
      a,
      '/api/chat/history',
      { skip: 0, limit: 10 },
      memberHeaders(member.token),
    );
    expect((page.messages as StoredMessage[]).map(textOf)).toEqual([
      'while A was down 3',
      'while A was down 2',
      'while A was down 1',
      'yes, before the restart',
      'are you there?',
    ]);
    await answer('after the restart');
    await eventually(
      () => live.some((m) => textOf(m) === 'after the restart'),
      10_000,
      'live again after reconnect',
    );
  }, 180_000);

  it('a session ended on A disconnects its sockets on B, member and agent alike', async () => {
    const member = await cluster.memberToken(a);
    const memberSocket = track(
      await connected(b.url, CHAT_SOCKET.customerNamespace, { token: member.token }),
    );
    const otherAgent = await cluster.operatorToken(a, 'owner');
    const agentSocket = track(
      await connected(b.url, CHAT_SOCKET.agentNamespace, { token: otherAgent }),
    );
    const closed: string[] = [];
    memberSocket.on('disconnect', () => closed.push('member'));
    agentSocket.on('disconnect', () => closed.push('agent'));

    await postJson(a, '/api/logout', {}, memberHeaders(member.token));
    await postJson(a, '/api/admin/auth/sign-out', {}, agentHeaders(otherAgent));
    await eventually(() => closed.length === 2, 10_000, 'sockets on B disconnected');
    expect(closed.sort()).toEqual(['agent', 'member']);
  });
});
