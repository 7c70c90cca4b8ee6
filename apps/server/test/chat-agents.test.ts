import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminChatConversation } from '@mekong/contracts/admin/chat';
import {
  chatUpload,
  clientId,
  history,
  newGuest,
  send,
  setAgentLimit,
  setChatEnabled,
  text,
  type Who,
} from './support/chat.ts';
import { createMoneyInTestApp, type MoneyInTestApp } from './support/money-in.ts';
import { adminApi, signedInOperator, type TestOperator } from './support/operators.ts';
import { bankSlip, slipMember } from './support/slips.ts';

let t: MoneyInTestApp;
let support: TestOperator;
let support2: TestOperator;
let owner: TestOperator;
let auditor: TestOperator;
let finance: TestOperator;

beforeAll(async () => {
  t = await createMoneyInTestApp();
  await setChatEnabled(t, true);
  support = await signedInOperator(t, 'support');
  support2 = await signedInOperator(t, 'support');
  owner = await signedInOperator(t, 'owner');
  auditor = await signedInOperator(t, 'auditor');
  finance = await signedInOperator(t, 'finance');
});
afterAll(async () => {
  await t.close();
});

const agent = (
  op: TestOperator,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
) => adminApi(t, method, url, { token: op.token, body });

/** A guest who wrote one message: their conversation is waiting in the queue. */
async function waitingGuest(message = 'hello'): Promise<{ who: Who; conversationId: string }> {
  const who = { guestToken: (await newGuest(t)).guestToken };
  const stored = await send(t, who, text(message));
  return { who, conversationId: stored.session_id };
}

/** Resolves every conversation an agent holds, so limits start from zero. */
async function releaseAll(op: TestOperator) {
  const mine = await agent(op, 'POST', '/api/admin/chat/conversations', {
    assignee: 'mine',
    limit: 100,
  });
  for (const row of mine.json<{ rows: AdminChatConversation[] }>().rows)
    await agent(op, 'POST', `/api/admin/chat/conversations/${row.id}/status`, {
      status: 'resolved',
    });
}

async function auditActions(targetId: string) {
  const rows = await t.app.deps.db.kysely
    .selectFrom('audit_log')
    .select(['action', 'operator_id'])
    .where('target_id', '=', targetId)
    .orderBy('seq')
    .execute();
  return rows.map((r) => r.action);
}

describe('permissions', () => {
  it('finance cannot read the chat; an auditor reads but cannot answer', async () => {
    const { conversationId } = await waitingGuest();
    const read = await agent(finance, 'POST', '/api/admin/chat/conversations', {});
    expect(read.statusCode).toBe(403);
    expect(read.json()).toEqual({ message: 'OPERATOR_FORBIDDEN' });
    const list = await agent(auditor, 'POST', '/api/admin/chat/conversations', {});
    expect(list.statusCode).toBe(200);
    const answer = await agent(
      auditor,
      'POST',
      `/api/admin/chat/conversations/${conversationId}/send`,
      {
        clientId: clientId(),
        message: text('hi'),
      },
    );
    expect(answer.json()).toEqual({ message: 'OPERATOR_FORBIDDEN' });
    expect((await agent(auditor, 'POST', '/api/admin/chat/take-next')).json()).toEqual({
      message: 'OPERATOR_FORBIDDEN',
    });
  });
});

describe('queue and assignment', () => {
  it('take-next takes the oldest waiting conversation, then answers with it; audited', async () => {
    await releaseAll(support);
    // Every waiting conversation of earlier tests is taken by the owner first, so the queue holds only these two.
    await setAgentLimit(t, 100);
    for (;;) {
      const taken = await agent(owner, 'POST', '/api/admin/chat/take-next');
      if (!taken.json<{ conversation: unknown }>().conversation) break;
    }
    const older = await waitingGuest('first');
    t.clock.advance(5000);
    await waitingGuest('second');
    const taken = await agent(support, 'POST', '/api/admin/chat/take-next');
    expect(taken.statusCode, taken.body).toBe(200);
    const conversation = taken.json<{ conversation: AdminChatConversation }>().conversation;
    expect(conversation.id).toBe(older.conversationId);
    expect(conversation.assignee?.id).toBe(support.id);
    expect(conversation.unreadCount).toBe(1);
    expect(conversation.lastMessagePreview).toBe('first');
    const answer = await agent(
      support,
      'POST',
      `/api/admin/chat/conversations/${older.conversationId}/send`,
      {
        clientId: clientId(),
        message: {
          message_type: 'quick_replies',
          payload: {
            message: 'How can I help?',
            replies: [{ title: 'Deposit', payload: 'DEPOSIT' }],
          },
        },
      },
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const seen = await history(t, older.who);
    expect(seen.messages[0]).toMatchObject({ sender: 'other', name: support.username });
    expect(await auditActions(older.conversationId)).toEqual(['chat.assigned', 'chat.answered']);
    await setAgentLimit(t, 5);
  });

  it('two agents taking at once with one conversation waiting: exactly one gets it', async () => {
    await setAgentLimit(t, 100);
    for (;;) {
      const taken = await agent(owner, 'POST', '/api/admin/chat/take-next');
      if (!taken.json<{ conversation: unknown }>().conversation) break;
    }
    const { conversationId } = await waitingGuest('race');
    const [a, b] = await Promise.all([
      agent(support, 'POST', '/api/admin/chat/take-next'),
      agent(support2, 'POST', '/api/admin/chat/take-next'),
    ]);
    const got = [a, b].map(
      (r) => r.json<{ conversation: AdminChatConversation | null }>().conversation,
    );
    expect(got.filter((c) => c !== null).map((c) => c!.id)).toEqual([conversationId]);
    expect((await auditActions(conversationId)).filter((x) => x === 'chat.assigned')).toHaveLength(
      1,
    );
    await setAgentLimit(t, 5);
  });

  it('the per-agent limit refuses a take and a transfer (CHAT_AGENT_LIMIT)', async () => {
    await releaseAll(support);
    await releaseAll(support2);
    await setAgentLimit(t, 1);
    const one = await waitingGuest('one');
    const two = await waitingGuest('two');
    const assign = await agent(
      support,
      'POST',
      `/api/admin/chat/conversations/${one.conversationId}/assign`,
      {},
    );
    expect(assign.json<AdminChatConversation>().assignee?.id).toBe(support.id);
    const over = await agent(
      support,
      'POST',
      `/api/admin/chat/conversations/${two.conversationId}/assign`,
      {},
    );
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ message: 'CHAT_AGENT_LIMIT' });
    expect((await agent(support, 'POST', '/api/admin/chat/take-next')).json()).toEqual({
      message: 'CHAT_AGENT_LIMIT',
    });
    // support2 takes `two`, then the transfer of `one` to support2 is over their limit.
    await agent(support2, 'POST', `/api/admin/chat/conversations/${two.conversationId}/assign`, {});
    const transfer = await agent(
      support,
      'POST',
      `/api/admin/chat/conversations/${one.conversationId}/assign`,
      { operatorId: support2.id },
    );
    expect(transfer.json()).toEqual({ message: 'CHAT_AGENT_LIMIT' });
    await setAgentLimit(t, 5);
    const moved = await agent(
      support,
      'POST',
      `/api/admin/chat/conversations/${one.conversationId}/assign`,
      { operatorId: support2.id },
    );
    expect(moved.json<AdminChatConversation>().assignee?.id).toBe(support2.id);
    expect(await auditActions(one.conversationId)).toEqual(['chat.assigned', 'chat.transferred']);
    const toAuditor = await agent(
      support,
      'POST',
      `/api/admin/chat/conversations/${one.conversationId}/assign`,
      { operatorId: auditor.id },
    );
    expect(toAuditor.json()).toEqual({ message: 'CHAT_AGENT_NOT_FOUND' });
    const agents = await agent(support, 'GET', '/api/admin/chat/agents');
    const list = agents.json<{
      limit: number;
      agents: { id: string; assignedCount: number; isOnline: boolean }[];
    }>();
    expect(list.limit).toBe(5);
    expect(list.agents.find((a) => a.id === support2.id)?.assignedCount).toBe(2);
    expect(list.agents.some((a) => a.id === auditor.id || a.id === finance.id)).toBe(false);
  });

  it('only the assignee answers; any agent may write a private note the customer never sees', async () => {
    const { who, conversationId } = await waitingGuest('need help');
    const early = await agent(
      support,
      'POST',
      `/api/admin/chat/conversations/${conversationId}/send`,
      { clientId: clientId(), message: text('hi') },
    );
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: 'CHAT_NOT_ASSIGNED' });
    // A text of invisible characters alone is an empty text: refused, whatever else is wrong (issue 27).
    for (const blank of ['', '\u200b', '\u3164\u200d\ufeff']) {
      const empty = await agent(
        support,
        'POST',
        `/api/admin/chat/conversations/${conversationId}/send`,
        {
          clientId: clientId(),
          message: text(blank),
          isPrivateNote: true,
        },
      );
      expect(empty.json(), JSON.stringify(blank)).toEqual({ message: 'CHAT_MESSAGE_INVALID' });
    }
    const note = await agent(
      support,
      'POST',
      `/api/admin/chat/conversations/${conversationId}/send`,
      {
        clientId: clientId(),
        message: text('VIP member, be kind'),
        isPrivateNote: true,
      },
    );
    expect(note.statusCode, note.body).toBe(200);
    expect((await history(t, who)).messages.map((m) => m.message.payload.message)).toEqual([
      'need help',
    ]);
    const all = await agent(
      auditor,
      'POST',
      `/api/admin/chat/conversations/${conversationId}/messages`,
      {},
    );
    const messages = all.json<{
      messages: { isPrivateNote: boolean; operator: { id: string } | null }[];
    }>().messages;
    expect(messages[0]).toMatchObject({ isPrivateNote: true, operator: { id: support.id } });
    expect(await auditActions(conversationId)).toEqual(['chat.note']);
    const id = clientId();
    await agent(support, 'POST', `/api/admin/chat/conversations/${conversationId}/assign`, {});
    const first = await agent(
      support,
      'POST',
      `/api/admin/chat/conversations/${conversationId}/send`,
      { clientId: id, message: text('answer') },
    );
    const resend = await agent(
      support,
      'POST',
      `/api/admin/chat/conversations/${conversationId}/send`,
      { clientId: id, message: text('answer') },
    );
    expect(resend.json<{ message: { _id: string } }>().message._id).toBe(
      first.json<{ message: { _id: string } }>().message._id,
    );
    expect((await history(t, who)).total).toBe(2);
  });

  it('status, read marks, and a customer message reopening a resolved conversation', async () => {
    const { who, conversationId } = await waitingGuest('status please');
    await agent(support, 'POST', `/api/admin/chat/conversations/${conversationId}/assign`, {});
    const pending = await agent(
      support,
      'POST',
      `/api/admin/chat/conversations/${conversationId}/status`,
      { status: 'pending' },
    );
    expect(pending.json<AdminChatConversation>().status).toBe('pending');
    const bad = await agent(
      support,
      'POST',
      `/api/admin/chat/conversations/${conversationId}/status`,
      { status: 'closed' },
    );
    expect(bad.json()).toEqual({ message: 'INVALID_REQUEST' });
    const read = await agent(
      auditor,
      'PUT',
      `/api/admin/chat/conversations/${conversationId}/read`,
    );
    expect(read.statusCode).toBe(200);
    const view = await agent(support, 'GET', `/api/admin/chat/conversations/${conversationId}`);
    expect(view.json<AdminChatConversation>().unreadCount).toBe(0);
    expect((await history(t, who)).agentReadAt).toBe(read.json<{ readAt: string }>().readAt);
    await agent(support, 'POST', `/api/admin/chat/conversations/${conversationId}/status`, {
      status: 'resolved',
    });
    t.clock.advance(1000);
    await send(t, who, text('one more thing'));
    const reopened = await agent(support, 'GET', `/api/admin/chat/conversations/${conversationId}`);
    expect(reopened.json<AdminChatConversation>()).toMatchObject({
      status: 'open',
      unreadCount: 1,
    });
    expect(await auditActions(conversationId)).toEqual([
      'chat.assigned',
      'chat.status',
      'chat.status',
    ]);
    const missing = await agent(
      support,
      'GET',
      '/api/admin/chat/conversations/00000000-0000-4000-8000-000000000000',
    );
    expect(missing.json()).toEqual({ message: 'CHAT_CONVERSATION_NOT_FOUND' });
  });

  it('lists by status and assignee', async () => {
    const queue = await agent(support, 'POST', '/api/admin/chat/conversations', {
      assignee: 'unassigned',
      status: 'open',
    });
    const rows = queue.json<{ rows: AdminChatConversation[]; total: number }>().rows;
    expect(rows.every((r) => r.assignee === null && r.status === 'open')).toBe(true);
    const mine = await agent(support, 'POST', '/api/admin/chat/conversations', {
      assignee: 'mine',
    });
    expect(
      mine
        .json<{ rows: AdminChatConversation[] }>()
        .rows.every((r) => r.assignee?.id === support.id),
    ).toBe(true);
  });
});

describe('canned replies', () => {
  it('create, update, list and delete, each audited; an auditor cannot change them', async () => {
    const created = await agent(support, 'POST', '/api/admin/chat/canned', {
      title: 'Greeting',
      text: 'Hello, how can I help?',
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json<{ id: string }>();
    const updated = await agent(support, 'PUT', `/api/admin/chat/canned/${id}`, {
      title: 'Greeting',
      text: 'Sawasdee!',
    });
    expect(updated.json()).toMatchObject({ id, text: 'Sawasdee!' });
    const list = await agent(auditor, 'GET', '/api/admin/chat/canned');
    expect(list.json<{ rows: { id: string }[] }>().rows.map((r) => r.id)).toContain(id);
    expect(
      (await agent(auditor, 'POST', '/api/admin/chat/canned', { title: 'x', text: 'y' })).json(),
    ).toEqual({ message: 'OPERATOR_FORBIDDEN' });
    const long = await agent(support, 'POST', '/api/admin/chat/canned', {
      title: 'long',
      text: 'x'.repeat(2001),
    });
    expect(long.json()).toEqual({ message: 'CHAT_MESSAGE_TOO_LONG' });
    expect((await agent(support, 'DELETE', `/api/admin/chat/canned/${id}`)).json()).toEqual({
      message: 'OK',
    });
    expect((await agent(support, 'DELETE', `/api/admin/chat/canned/${id}`)).json()).toEqual({
      message: 'ITEM_NOT_FOUND',
    });
    expect(await auditActions(id)).toEqual([
      'chat.canned.created',
      'chat.canned.updated',
      'chat.canned.deleted',
    ]);
  });
});

describe('media and the slip check', () => {
  it('an agent uploads and sends media; a member sends a slip image and the agent checks it', async () => {
    const member = await slipMember(t);
    const who = { token: member.token };
    const slip = await bankSlip(t, member.account, 50_000);
    const up = await chatUpload(t, '/api/chat/upload-image', who, { bytes: slip.png });
    expect(up.statusCode, up.body).toBe(200);
    const { path, url } = up.json<{ path: string; url: string }>();
    const stored = await send(t, who, {
      message_type: 'media',
      payload: { url, fileType: 'image', filePath: path },
    });
    const conversationId = stored.session_id;
    const check = await agent(
      auditor,
      'POST',
      `/api/admin/chat/conversations/${conversationId}/check-slip`,
      { path },
    );
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({
      result: 'READ',
      reference: slip.transRef,
      amountMinor: '50000',
      existing: null,
    });
    expect(await auditActions(conversationId)).toEqual(['chat.slip-checked']);
    const elsewhere = await waitingGuest();
    const wrong = await agent(
      auditor,
      'POST',
      `/api/admin/chat/conversations/${elsewhere.conversationId}/check-slip`,
      { path },
    );
    expect(wrong.json()).toEqual({ message: 'CHAT_MEDIA_NOT_FOUND' });

    await agent(support, 'POST', `/api/admin/chat/conversations/${conversationId}/assign`, {});
    const agentUpload = await chatUpload(
      t,
      `/api/admin/chat/conversations/${conversationId}/upload`,
      null,
      { bytes: slip.png },
      {
        'x-client': 'backoffice',
        authorization: `Bearer ${support.token}`,
      },
    );
    expect(agentUpload.statusCode, agentUpload.body).toBe(200);
    const media = agentUpload.json<{ path: string; url: string; fileType: 'image' }>();
    const sent = await agent(
      support,
      'POST',
      `/api/admin/chat/conversations/${conversationId}/send`,
      {
        clientId: clientId(),
        message: {
          message_type: 'media',
          payload: { url: media.url, fileType: media.fileType, filePath: media.path },
        },
      },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const fake = await chatUpload(
      t,
      `/api/admin/chat/conversations/${conversationId}/upload`,
      null,
      { bytes: Buffer.from('not an image') },
      {
        'x-client': 'backoffice',
        authorization: `Bearer ${support.token}`,
      },
    );
    expect(fake.json()).toEqual({ message: 'CHAT_FILE_NOT_SUPPORTED' });
  });
});
