import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '@/lib/api-client';
import { ApiError } from '@/lib/api-client';
import {
  answerCalls,
  callsTo,
  chatMessage,
  conversation,
  fakeSocket,
  ME_ID,
  operator,
  renderPage,
} from '@/features/chat/testing/chat-test-kit';
import { ChatPage } from '@/features/chat/components/chat-page';

const mocks = vi.hoisted(() => ({ adminFetch: vi.fn(), io: vi.fn() }));
vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  adminFetch: mocks.adminFetch,
}));
vi.mock('socket.io-client', () => ({ io: mocks.io }));

const LIST = 'POST /api/admin/chat/conversations';
const GET = 'GET /api/admin/chat/conversations/:id';
const MESSAGES = 'POST /api/admin/chat/conversations/:id/messages';
const SEND = 'POST /api/admin/chat/conversations/:id/send';
const TAKE_NEXT = 'POST /api/admin/chat/take-next';
const MEMBER_ID = '00000000-0000-4000-8000-0000000000a1';
const ANSWER = ['chat.read', 'chat.answer', 'members.read'];

const guestConversation = conversation();
const memberConversation = conversation({
  id: '00000000-0000-4000-8000-0000000000c2',
  guestId: null,
  member: { id: 'M100', username: '0812345678', name: 'Somchai' },
  assignee: { id: ME_ID, name: 'Agent One' },
  lastMessagePreview: 'Where is my withdrawal?',
});

let socket: ReturnType<typeof fakeSocket>;

function answers(
  permissions: string[],
  extra: Record<string, (call: { body?: unknown }) => unknown> = {},
) {
  answerCalls(mocks.adminFetch, {
    'GET /api/admin/auth/me': () => operator(permissions),
    [LIST]: ({ body }) => {
      const filter = body as { assignee?: string; limit: number };
      if (filter.limit === 1) return { rows: [], total: 3 };
      const rows = [guestConversation, memberConversation].filter(
        (row) => filter.assignee !== 'unassigned' || row.assignee === null,
      );
      return { rows, total: rows.length };
    },
    [GET]: ({ params }) =>
      params?.id === memberConversation.id ? memberConversation : guestConversation,
    [MESSAGES]: () => ({ messages: [chatMessage()], total: 1 }),
    'PUT /api/admin/chat/conversations/:id/read': () => ({ readAt: new Date().toISOString() }),
    'GET /api/admin/chat/canned': () => ({
      rows: [
        {
          id: 'k1',
          title: 'Greeting',
          text: 'Hello, how can I help?',
          updatedAt: '2026-11-25T00:00:00Z',
        },
      ],
    }),
    // The conversation names the member by the public id; the member calls take the internal one.
    'POST /api/admin/members/search': ({ body }) => ({
      rows: (body as { query: string }).query === 'M100' ? [{ id: MEMBER_ID }] : [],
      total: 1,
    }),
    'GET /api/admin/members/:id': () => ({
      member: {
        id: MEMBER_ID,
        publicId: 'M100',
        phone: '0812345678',
        name: 'Somchai',
        currency: 'BAHT',
        status: 'active',
        bankCode: null,
        bankAccountNo: null,
        createdAt: '2026-01-01T00:00:00Z',
        bankName: null,
        bankNameTh: null,
        bankAccountName: null,
        bankChangedAt: null,
      },
      balances: {
        currency: 'BAHT',
        cashMinor: '123450',
        cashAvailableMinor: '100000',
        bonusMinor: '5000',
        gamesMinor: {},
      },
      bonuses: [],
      sessions: [],
      invitedBy: null,
      invitees: { total: 0, deposited: 0 },
    }),
    'POST /api/admin/members/:id/ledger': () => ({ rows: [], total: 0 }),
    'POST /api/admin/members/:id/withdrawals': () => ({
      rows: [
        {
          id: 'w1',
          amountMinor: '50000',
          status: 'pending_approval',
          bankCode: 'KBANK',
          accountNo: '123',
          failureCode: null,
          createdAt: '2026-11-24T00:00:00Z',
          decidedAt: null,
        },
      ],
      total: 1,
    }),
    'POST /api/admin/members/:id/slips': () => ({ rows: [], total: 0 }),
    ...extra,
  });
}

beforeEach(() => {
  mocks.adminFetch.mockReset();
  socket = fakeSocket();
  mocks.io.mockReset().mockReturnValue(socket);
});

describe('the inbox list', () => {
  it('shows the queue and the conversations, filters by status and assignee, and refreshes on a socket event', async () => {
    answers(ANSWER);
    renderPage(<ChatPage />);
    expect(await screen.findByTestId('queue-count')).toHaveTextContent('Queue: 3');
    const list = screen.getByRole('region', { name: 'Conversations' });
    expect(await within(list).findByText('Somchai')).toBeInTheDocument();
    expect(within(list).getByText('Hello, my deposit?')).toBeInTheDocument();
    expect(mocks.io).toHaveBeenCalledWith(
      '/chat-agents',
      expect.objectContaining({ auth: { token: 'test-token' } }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Unassigned' }));
    await waitFor(() =>
      expect(callsTo(mocks.adminFetch, LIST).at(-1)?.body).toMatchObject({
        status: 'open',
        assignee: 'unassigned',
      }),
    );
    await waitFor(() => expect(within(list).queryByText('Somchai')).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole('tab', { name: 'Resolved' }));
    await waitFor(() =>
      expect(callsTo(mocks.adminFetch, LIST).at(-1)?.body).toMatchObject({
        status: 'resolved',
        assignee: 'unassigned',
      }),
    );

    const before = callsTo(mocks.adminFetch, LIST).length;
    socket.serverEmit('conversation', { ...guestConversation, unreadCount: 2 });
    await waitFor(() => expect(callsTo(mocks.adminFetch, LIST).length).toBeGreaterThan(before));

    // A dropped socket is said; back again, the lists are read again (a change meanwhile is not missed).
    socket.serverEmit('disconnect');
    expect(await screen.findByRole('status')).toHaveTextContent(/reconnecting/);
    const whileAway = callsTo(mocks.adminFetch, LIST).length;
    socket.serverEmit('connect');
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    await waitFor(() => expect(callsTo(mocks.adminFetch, LIST).length).toBeGreaterThan(whileAway));
  });

  it('says why "Take next" gave nothing when the agent holds the most conversations allowed', async () => {
    answers(ANSWER, {
      [TAKE_NEXT]: () => {
        throw new ApiError('CHAT_AGENT_LIMIT', 409);
      },
    });
    renderPage(<ChatPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Take next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/most open conversations allowed/);
  });

  it('opens the conversation "Take next" gave', async () => {
    answers(ANSWER, { [TAKE_NEXT]: () => ({ conversation: memberConversation }) });
    renderPage(<ChatPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Take next' }));
    expect(await screen.findByRole('region', { name: 'Conversation' })).toBeInTheDocument();
    await waitFor(() =>
      expect(socket.emitted).toContainEqual({
        event: 'watch',
        payload: { conversationId: memberConversation.id },
      }),
    );
  });
});

describe('the conversation', () => {
  it('sends a private note, inserts a canned reply, and shows live messages after watch', async () => {
    answers(ANSWER, {
      [SEND]: ({ body }) => ({
        message: chatMessage({
          _id: 'm2',
          sender: 'other',
          isPrivateNote: (body as { isPrivateNote: boolean }).isPrivateNote,
          message: (body as { message: ReturnType<typeof chatMessage>['message'] }).message,
          createdAt: '2026-11-25T02:01:00.000Z',
          operator: { id: ME_ID, name: 'Agent One' },
        }),
      }),
    });
    renderPage(<ChatPage />, `/chat?c=${guestConversation.id}`);
    const thread = await screen.findByRole('region', { name: 'Conversation' });
    expect(await within(thread).findByText('Hello, my deposit?')).toBeInTheDocument();
    // Not assigned to this agent: answering is closed, a note is not.
    expect(within(thread).getByText(/Assign the conversation to yourself/)).toBeInTheDocument();

    const box = within(thread).getByRole('textbox');
    fireEvent.change(box, { target: { value: 'Checked the bank: arrives today' } });
    expect(within(thread).getByRole('button', { name: 'Send' })).toBeDisabled();
    fireEvent.click(within(thread).getByRole('switch', { name: 'Private note' }));
    fireEvent.click(within(thread).getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(callsTo(mocks.adminFetch, SEND)).toHaveLength(1));
    expect(callsTo(mocks.adminFetch, SEND)[0]!.body).toMatchObject({
      isPrivateNote: true,
      message: { message_type: 'text', payload: { message: 'Checked the bank: arrives today' } },
    });
    const note = await within(thread).findByTestId('chat-note');
    expect(note).toHaveTextContent('Private note');
    expect(box).toHaveValue('');

    fireEvent.change(within(thread).getByRole('combobox', { name: 'Canned reply…' }), {
      target: { value: 'k1' },
    });
    expect(box).toHaveValue('Hello, how can I help?');

    socket.serverEmit(
      'messaging',
      chatMessage({
        _id: 'm3',
        createdAt: '2026-11-25T02:02:00.000Z',
        message: { message_type: 'text', payload: { message: 'Thanks!' } },
      }),
    );
    expect(await within(thread).findByText('Thanks!')).toBeInTheDocument();
    socket.serverEmit('typing', {
      conversationId: guestConversation.id,
      isTyping: true,
      side: 'customer',
    });
    expect(await within(thread).findByText('The customer is typing…')).toBeInTheDocument();

    // After a reconnect: watch again and re-read page 1 (a message sent meanwhile is not lost).
    const reads = callsTo(mocks.adminFetch, MESSAGES).length;
    const watches = socket.emitted.filter((sent) => sent.event === 'watch').length;
    socket.serverEmit('connect');
    await waitFor(() => expect(callsTo(mocks.adminFetch, MESSAGES).length).toBe(reads + 1));
    expect(callsTo(mocks.adminFetch, MESSAGES).at(-1)!.body).toMatchObject({ skip: 0 });
    expect(socket.emitted.filter((sent) => sent.event === 'watch')).toHaveLength(watches + 1);
  });

  it('shows the guest panel for a guest and the member wallet for a member', async () => {
    answers(ANSWER);
    const first = renderPage(<ChatPage />, `/chat?c=${guestConversation.id}`);
    const guestPanel = await screen.findByTestId('customer-panel');
    expect(within(guestPanel).getByRole('heading', { name: 'Guest' })).toBeInTheDocument();
    expect(callsTo(mocks.adminFetch, 'GET /api/admin/members/:id')).toHaveLength(0);
    first.unmount();

    renderPage(<ChatPage />, `/chat?c=${memberConversation.id}`);
    const panel = await screen.findByTestId('customer-panel');
    expect(await within(panel).findByText('฿1,234.50')).toBeInTheDocument();
    expect(within(panel).queryByRole('heading', { name: 'Guest' })).not.toBeInTheDocument();
    expect(await within(panel).findByText(/Withdrawal ฿500.00/)).toBeInTheDocument();
    expect(callsTo(mocks.adminFetch, 'GET /api/admin/members/:id')[0]!.params).toEqual({
      id: MEMBER_ID,
    });
  });

  it('lets an auditor read but not answer', async () => {
    answers(['chat.read', 'members.read']);
    renderPage(<ChatPage />, `/chat?c=${guestConversation.id}`);
    const thread = await screen.findByRole('region', { name: 'Conversation' });
    expect(await within(thread).findByText(/your role may not answer/)).toBeInTheDocument();
    expect(within(thread).queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Take next' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Transfer' })).not.toBeInTheDocument();
  });
});
