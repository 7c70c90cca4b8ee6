import type { ChatMessage, ChatMessageBody } from '@mekong/contracts/chat';
import { describe, expect, it } from 'vitest';
import {
  chatReducer,
  hasOlder,
  initialChatState,
  lastReadByAgent,
  unreadCount,
  type ChatItem,
  type ChatState,
} from '@/features/chat/hooks/chat-messages';

const text = (message: string): ChatMessageBody => ({ message_type: 'text', payload: { message } });

function stored(clientId: string, createdAt: string, sender: ChatMessage['sender'] = 'customer', body = text(clientId)): ChatMessage {
  return {
    _id: `id-${clientId}`,
    clientId,
    sender,
    message: body,
    createdAt,
    session_id: 'conv-1',
    userId: null,
    guestId: 'g_1',
    username: null,
    name: null,
    deviceToken: null,
  };
}

function optimistic(clientId: string, extra: Partial<ChatItem> = {}): ChatItem {
  return { clientId, id: null, sender: 'customer', body: text(clientId), createdAt: '2026-01-01T10:00:00.000Z', status: 'sending', ...extra };
}

const run = (state: ChatState, ...actions: Parameters<typeof chatReducer>[1][]) => actions.reduce(chatReducer, state);
const ids = (state: ChatState) => state.items.map((item) => item.clientId);

describe('chatReducer', () => {
  it('turns the optimistic copy into the stored message, its time from the send reply', () => {
    const state = run(
      initialChatState,
      { type: 'queued', item: optimistic('c-1') },
      { type: 'sent', clientId: 'c-1', message: stored('c-1', '2026-01-01T10:00:05.000Z'), timestamp: '2026-01-01T10:00:06.000Z' },
    );
    expect(state.items).toHaveLength(1);
    expect(state.items[0]).toMatchObject({ clientId: 'c-1', id: 'id-c-1', status: 'succeed', createdAt: '2026-01-01T10:00:06.000Z' });
    expect(state.total).toBe(1);
  });

  it('shows a message heard on the socket and in the send reply and in history once', () => {
    const message = stored('c-1', '2026-01-01T10:00:05.000Z');
    const state = run(
      initialChatState,
      { type: 'queued', item: optimistic('c-1') },
      { type: 'received', message },
      { type: 'sent', clientId: 'c-1', message, timestamp: message.createdAt },
      { type: 'received', message },
      { type: 'history', messages: [message], total: 1, agentReadAt: null },
    );
    expect(ids(state)).toEqual(['c-1']);
    expect(state.total).toBe(1);
  });

  it('keeps stored messages in time order and copies not stored yet after them', () => {
    const state = run(
      initialChatState,
      { type: 'queued', item: optimistic('pending-1') },
      { type: 'received', message: stored('b', '2026-01-01T10:00:02.000Z', 'other') },
      { type: 'queued', item: optimistic('pending-2') },
      // History is newest first.
      { type: 'history', messages: [stored('c', '2026-01-01T10:00:03.000Z'), stored('a', '2026-01-01T10:00:01.000Z')], total: 3, agentReadAt: null },
    );
    expect(ids(state)).toEqual(['a', 'b', 'c', 'pending-1', 'pending-2']);
    expect(state.total).toBe(3);
  });

  it('walks the statuses uploading_file → sending → failed and back for a resend', () => {
    const media: ChatMessageBody = { message_type: 'media', payload: { url: '', fileType: 'image', filePath: '' } };
    const file = new File(['x'], 'a.png');
    let state = run(initialChatState, { type: 'queued', item: optimistic('m-1', { body: media, file, status: 'uploading_file' }) });
    expect(state.items[0]!.status).toBe('uploading_file');
    const uploaded: ChatMessageBody = { message_type: 'media', payload: { url: '/api/chat/media/t', fileType: 'image', filePath: 'media/t' } };
    state = run(state, { type: 'uploaded', clientId: 'm-1', body: uploaded }, { type: 'status', clientId: 'm-1', status: 'sending' });
    expect(state.items[0]).toMatchObject({ status: 'sending', body: uploaded, file: undefined });
    state = run(state, { type: 'status', clientId: 'm-1', status: 'failed' });
    expect(state.items[0]!.status).toBe('failed');
  });

  it('removes only a message not stored', () => {
    const state = run(
      initialChatState,
      { type: 'received', message: stored('kept', '2026-01-01T10:00:01.000Z') },
      { type: 'queued', item: optimistic('gone', { status: 'failed' }) },
      { type: 'removed', clientId: 'gone' },
      { type: 'removed', clientId: 'kept' },
    );
    expect(ids(state)).toEqual(['kept']);
  });

  it('does not let a status change touch a stored message', () => {
    const state = run(initialChatState, { type: 'received', message: stored('s', '2026-01-01T10:00:01.000Z') }, { type: 'status', clientId: 's', status: 'failed' });
    expect(state.items[0]!.status).toBe('succeed');
  });

  it('knows when older pages exist', () => {
    const page = Array.from({ length: 10 }, (_, i) => stored(`m${i}`, `2026-01-01T10:00:${String(10 + i)}.000Z`));
    const state = run(initialChatState, { type: 'history', messages: page, total: 12, agentReadAt: null });
    expect(hasOlder(state)).toBe(true);
    const all = run(state, { type: 'history', messages: [stored('x', '2026-01-01T09:00:00.000Z'), stored('y', '2026-01-01T09:00:01.000Z')], total: 12, agentReadAt: null });
    expect(hasOlder(all)).toBe(false);
    expect(ids(all).slice(0, 2)).toEqual(['x', 'y']);
  });

  it('keeps the later agents read mark and stops their typing when they write', () => {
    let state = run(
      initialChatState,
      { type: 'agentRead', at: '2026-01-01T10:00:05.000Z' },
      { type: 'history', messages: [], total: 0, agentReadAt: '2026-01-01T10:00:01.000Z' },
      { type: 'agentTyping', isTyping: true },
    );
    expect(state.agentReadAt).toBe('2026-01-01T10:00:05.000Z');
    expect(state.isAgentTyping).toBe(true);
    state = run(state, { type: 'received', message: stored('a', '2026-01-01T10:00:06.000Z', 'other') });
    expect(state.isAgentTyping).toBe(false);
  });
});

describe('read marks and unread', () => {
  const state = run(initialChatState, {
    type: 'history',
    messages: [
      stored('own-3', '2026-01-01T10:00:04.000Z'),
      stored('agent-2', '2026-01-01T10:00:03.000Z', 'other'),
      stored('own-2', '2026-01-01T10:00:02.000Z'),
      stored('agent-1', '2026-01-01T10:00:01.500Z', 'other'),
      stored('own-1', '2026-01-01T10:00:01.000Z'),
    ],
    total: 5,
    agentReadAt: null,
  });

  it('marks the newest own message the agents have read', () => {
    expect(lastReadByAgent(state.items, null)).toBeNull();
    expect(lastReadByAgent(state.items, '2026-01-01T10:00:02.500Z')).toBe('own-2');
    expect(lastReadByAgent(state.items, '2026-01-01T10:00:09.000Z')).toBe('own-3');
  });

  it('counts agents messages after the seen mark', () => {
    expect(unreadCount(state.items, null)).toBe(2);
    expect(unreadCount(state.items, '2026-01-01T10:00:02.000Z')).toBe(1);
    expect(unreadCount(state.items, '2026-01-01T10:00:03.000Z')).toBe(0);
  });
});
