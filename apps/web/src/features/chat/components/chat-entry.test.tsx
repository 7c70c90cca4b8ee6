import type { ChatMessage } from '@mekong/contracts/chat';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatEntry } from '@/features/chat/components/chat-entry';
import { ChatProvider } from '@/features/chat/components/chat-provider';
import { jsonResponse, renderWithProviders } from '@/testing/render';

/** The socket at the boundary: what the component asked of socket.io-client, and the server's side of it. */
const sockets = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => void;
  class FakeSocket {
    listeners = new Map<string, Listener[]>();
    emitted: [string, unknown][] = [];
    connected = false;
    active = true;
    constructor(
      readonly url: string,
      readonly options: Record<string, unknown>,
    ) {}
    on(event: string, listener: Listener) {
      this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
      return this;
    }
    emit(event: string, data: unknown) {
      this.emitted.push([event, data]);
      return this;
    }
    connect() {
      return this;
    }
    disconnect() {
      this.connected = false;
      this.active = false;
      return this;
    }
    removeAllListeners() {
      this.listeners.clear();
      return this;
    }
    /** The server does something: connect, a message, read, typing, a refusal. */
    serve(event: string, ...args: unknown[]) {
      if (event === 'connect') this.connected = true;
      for (const listener of this.listeners.get(event) ?? []) listener(...args);
    }
  }
  return { FakeSocket, made: [] as InstanceType<typeof FakeSocket>[] };
});

vi.mock('socket.io-client', () => ({
  io: (url: string, options: Record<string, unknown>) => {
    const socket = new sockets.FakeSocket(url, options);
    sockets.made.push(socket);
    return socket;
  },
}));

type Call = { method: string; path: string; headers: Record<string, string>; body: unknown };
const calls: Call[] = [];
const fetchMock = vi.fn<typeof fetch>();
let history: ChatMessage[] = [];
let failNext: Record<string, number> = {};

function storedFrom(clientId: string, message: ChatMessage['message'], createdAt: string, sender: ChatMessage['sender'] = 'customer'): ChatMessage {
  return { _id: `id-${clientId}`, clientId, sender, message, createdAt, session_id: 'c1', userId: null, guestId: 'g_guest', username: null, name: null, deviceToken: null };
}

beforeEach(() => {
  calls.length = 0;
  sockets.made.length = 0;
  history = [];
  failNext = {};
  let clock = Date.parse('2026-01-01T03:00:00.000Z');
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  fetchMock.mockImplementation(async (input, init) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : init?.body;
    calls.push({ method, path, headers: init?.headers as Record<string, string>, body });
    if (failNext[path]) {
      failNext[path] -= 1;
      return jsonResponse({ message: 'SERVICE_UNAVAILABLE' }, 503);
    }
    if (path === '/api/lookup/enableChatWidget') return jsonResponse({ enabled: true });
    if (path === '/api/chat/guest') return jsonResponse({ guestId: 'g_guest', guestToken: 'guest-token' });
    if (path === '/api/chat/history') {
      const { skip, limit } = body as { skip: number; limit: number };
      return jsonResponse({ messages: [...history].reverse().slice(skip, skip + limit), total: history.length, agentReadAt: null });
    }
    if (path === '/api/chat/upload-image') return jsonResponse({ path: 'media/tok', url: '/api/chat/media/tok', fileType: 'image' });
    if (path === '/api/chat/read-customer/') return jsonResponse({ readAt: new Date().toISOString() });
    if (path === '/api/chat/send-message') {
      const { clientId, message } = body as { clientId: string; message: ChatMessage['message'] };
      clock += 1000;
      const at = new Date(clock).toISOString();
      const stored = storedFrom(clientId, message, at);
      history.push(stored);
      return jsonResponse({ timestamp: at, message: stored });
    }
    return jsonResponse({ message: 'NOT_FOUND' }, 404);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const callsTo = (path: string) => calls.filter((call) => call.path === path);

async function openChat() {
  const view = renderWithProviders(
    <ChatProvider>
      <ChatEntry />
    </ChatProvider>,
  );
  await userEvent.click(await screen.findByTestId('chat-widget'));
  return { ...view, sheet: await screen.findByTestId('chat-sheet') };
}

async function write(text: string) {
  fireEvent.change(screen.getByTestId('chat-input'), { target: { value: text } });
  await userEvent.click(screen.getByTestId('chat-send'));
}

// Each test walks a whole chat (sheet, socket, several calls): more than the default 5 s on a busy machine.
describe('the guest chat', { timeout: 15_000 }, () => {
  it('makes the guest once at the first message, keeps it, and sends with its token', async () => {
    const { sheet } = await openChat();
    expect(within(sheet).getByTestId('chat-empty')).toHaveTextContent('How can we help?');
    expect(callsTo('/api/chat/guest')).toHaveLength(0);

    await write('Hello');
    await waitFor(() => expect(screen.getByTestId('chat-message')).toHaveAttribute('data-status', 'succeed'));
    await write('Again');
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(2));

    expect(callsTo('/api/chat/guest')).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('chat-guest')!)).toEqual({ guestId: 'g_guest', guestToken: 'guest-token' });
    const sends = callsTo('/api/chat/send-message');
    expect(sends.map((call) => call.headers['x-chat-guest'])).toEqual(['guest-token', 'guest-token']);
    expect(sends[0]!.body).toMatchObject({ message: { message_type: 'text', payload: { message: 'Hello' } } });
    // The socket joins with the guest token, re-joining every 5 s.
    expect(sockets.made).toHaveLength(1);
    expect(sockets.made[0]!.url).toBe('/chat');
    expect(sockets.made[0]!.options).toMatchObject({ reconnectionDelay: 5000, reconnectionDelayMax: 5000, reconnectionAttempts: Infinity });
    const auth = sockets.made[0]!.options.auth as (send: (data: unknown) => void) => void;
    const sent = vi.fn();
    auth(sent);
    expect(sent).toHaveBeenCalledWith({ guestToken: 'guest-token' });
  });

  it('ignores an empty text and refuses one over 2000 characters before sending', async () => {
    await openChat();
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: '   ' } });
    expect(screen.getByTestId('chat-send')).toBeDisabled();
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: 'x'.repeat(2001) } });
    expect(screen.getByTestId('chat-counter')).toHaveTextContent('2001/2000');
    expect(screen.getByTestId('chat-send')).toBeDisabled();
    fireEvent.submit(screen.getByTestId('chat-input').closest('form')!);
    expect(await screen.findByTestId('chat-alert')).toHaveTextContent('at most 2000 characters');
    expect(callsTo('/api/chat/send-message')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: 'x'.repeat(1000) } });
    expect(screen.queryByTestId('chat-counter')).toBeNull();
  });

  it('marks a failed text, and sends it again with the same client id', async () => {
    failNext['/api/chat/send-message'] = 1;
    await openChat();
    await write('Lost once');
    const failed = await screen.findByTestId('chat-failed');
    expect(within(failed).queryByRole('button', { name: /Remove/ })).toBeNull();
    await userEvent.click(within(failed).getByRole('button', { name: /Send again/ }));
    await waitFor(() => expect(screen.getByTestId('chat-message')).toHaveAttribute('data-status', 'succeed'));
    const [first, second] = callsTo('/api/chat/send-message');
    expect((second!.body as { clientId: string }).clientId).toBe((first!.body as { clientId: string }).clientId);
    expect(screen.getAllByTestId('chat-message')).toHaveLength(1);
  });

  it('uploads a picture then sends it; a failed upload is uploaded again on resend, or removed', async () => {
    failNext['/api/chat/upload-image'] = 1;
    await openChat();
    const input = screen.getByTestId('chat-file-input');
    await userEvent.upload(input, new File(['png'], 'slip.png', { type: 'image/png' }));
    const failed = await screen.findByTestId('chat-failed');
    expect(callsTo('/api/chat/send-message')).toHaveLength(0);
    await userEvent.click(within(failed).getByRole('button', { name: /Send again/ }));
    await waitFor(() => expect(screen.getByTestId('chat-message')).toHaveAttribute('data-status', 'succeed'));
    expect(callsTo('/api/chat/upload-image')).toHaveLength(2);
    expect(screen.getByTestId('chat-message').querySelector('img')).toHaveAttribute('src', '/api/chat/media/tok');
    expect(callsTo('/api/chat/send-message')[0]!.body).toMatchObject({
      message: { message_type: 'media', payload: { fileType: 'image', filePath: 'media/tok', url: '/api/chat/media/tok' } },
    });

    failNext['/api/chat/upload-image'] = 1;
    await userEvent.upload(input, new File(['png'], 'second.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(2));
    const removeButton = within(await screen.findByTestId('chat-failed')).getByRole('button', { name: /Remove/ });
    const revoked = vi.mocked(URL.revokeObjectURL).mock.calls.length;
    await userEvent.click(removeButton);
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(1));
    expect(vi.mocked(URL.revokeObjectURL).mock.calls.length).toBe(revoked + 1);
  });

  it('refuses a file of another type or too large with the 4-second alert', async () => {
    await openChat();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const input = screen.getByTestId('chat-file-input') as HTMLInputElement;
    const pick = (file: File) => fireEvent.change(input, { target: { files: [file] } });
    pick(new File(['x'], 'notes.txt'));
    expect(screen.getByTestId('chat-alert')).toHaveTextContent('File is not supported');
    const big = new File(['x'], 'clip.mp4');
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    pick(big);
    expect(screen.getByTestId('chat-alert')).toHaveTextContent('The file is too large. Please select file no larger than 20 MB.');
    act(() => vi.advanceTimersByTime(3999));
    expect(screen.getByTestId('chat-alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('chat-alert')).toBeNull();
    expect(callsTo('/api/chat/upload-video')).toHaveLength(0);
  });
});

describe('a member chat with a conversation', { timeout: 15_000 }, () => {
  beforeEach(() => {
    localStorage.setItem('token', 'member-token');
    history = [
      storedFrom('m-1', { message_type: 'text', payload: { message: 'Hi' } }, '2026-01-01T02:00:00.000Z'),
      storedFrom('a-1', { message_type: 'buttons', payload: { message: 'Pick one', buttons: [{ title: 'Deposit', payload: 'DEP' }] } }, '2026-01-01T02:01:00.000Z', 'other'),
    ];
  });

  it('reads history, shows unread agent messages, and marks them read at most once a second when opened', async () => {
    const view = renderWithProviders(
      <ChatProvider>
        <ChatEntry />
      </ChatProvider>,
    );
    expect(await screen.findByTestId('chat-unread')).toHaveTextContent('1');
    expect(sockets.made[0]!.options).toMatchObject({ reconnectionDelay: 500, reconnectionDelayMax: 500 });
    expect(callsTo('/api/chat/history')[0]!.headers.authorization).toBe('Bearer member-token');
    expect(callsTo('/api/chat/history')[0]!.headers['x-chat-guest']).toBeUndefined();
    expect(callsTo('/api/chat/read-customer/')).toHaveLength(0);

    await userEvent.click(screen.getByTestId('chat-widget'));
    await waitFor(() => expect(screen.queryByTestId('chat-unread')).toBeNull());
    await waitFor(() => expect(callsTo('/api/chat/read-customer/')).toHaveLength(1), { timeout: 2000 });

    // A live agent message while the chat is open: seen at once, read mark sent again after the second.
    act(() => sockets.made[0]!.serve('messaging', storedFrom('a-2', { message_type: 'text', payload: { message: 'Live answer' } }, '2026-01-01T02:02:00.000Z', 'other')));
    expect(await view.findByText('Live answer')).toBeInTheDocument();
    act(() => sockets.made[0]!.serve('messaging', storedFrom('a-2', { message_type: 'text', payload: { message: 'Live answer' } }, '2026-01-01T02:02:00.000Z', 'other')));
    expect(screen.getAllByText('Live answer')).toHaveLength(1);
    await waitFor(() => expect(callsTo('/api/chat/read-customer/')).toHaveLength(2), { timeout: 2000 });
  });

  it('sends a tapped button as a postback, shows the agents typing and read mark', async () => {
    await openChat();
    await userEvent.click(await screen.findByRole('button', { name: 'Deposit' }));
    await waitFor(() => expect(callsTo('/api/chat/send-message')).toHaveLength(1));
    expect(callsTo('/api/chat/send-message')[0]!.body).toMatchObject({ message: { message_type: 'postback', payload: { title: 'Deposit', payload: 'DEP' } } });

    const socket = sockets.made[0]!;
    act(() => socket.serve('typing', { isTyping: true }));
    expect(screen.getByTestId('chat-typing')).toHaveTextContent('Support is typing');
    act(() => socket.serve('typing', { isTyping: false }));
    expect(screen.queryByTestId('chat-typing')).toBeNull();

    act(() => socket.serve('read', { side: 'agent', at: '2030-01-01T00:00:00.000Z' }));
    expect(await screen.findByTestId('chat-read')).toHaveTextContent('Read');
    expect(screen.getAllByTestId('chat-read')).toHaveLength(1);
  });

  it('reads history page 1 again after every reconnect and merges what it missed', async () => {
    await openChat();
    await screen.findByText('Pick one');
    const socket = sockets.made[0]!;
    const before = callsTo('/api/chat/history').length;
    history.push(storedFrom('a-9', { message_type: 'text', payload: { message: 'Sent while away' } }, '2026-01-01T02:09:00.000Z', 'other'));
    act(() => socket.serve('connect'));
    expect(await screen.findByText('Sent while away')).toBeInTheDocument();
    expect(callsTo('/api/chat/history').length).toBeGreaterThan(before);
    expect(callsTo('/api/chat/history').at(-1)!.body).toEqual({ limit: 10, skip: 0 });
    expect(screen.getAllByTestId('chat-message')).toHaveLength(3);
    expect(sockets.made).toHaveLength(1);
  });

  it('reads older pages of 10 with the button, after the messages already shown', async () => {
    history = Array.from({ length: 23 }, (_, i) =>
      storedFrom(`h-${i}`, { message_type: 'text', payload: { message: `Message ${i}` } }, new Date(Date.parse('2026-01-01T01:00:00.000Z') + i * 60_000).toISOString(), i % 2 ? 'other' : 'customer'),
    );
    await openChat();
    await screen.findByText('Message 22');
    expect(screen.getAllByTestId('chat-message')).toHaveLength(10);
    await userEvent.click(screen.getByTestId('chat-load-older'));
    await screen.findByText('Message 12');
    expect(callsTo('/api/chat/history').at(-1)!.body).toEqual({ limit: 10, skip: 10 });
    await userEvent.click(screen.getByTestId('chat-load-older'));
    await screen.findByText('Message 0');
    expect(callsTo('/api/chat/history').at(-1)!.body).toEqual({ limit: 10, skip: 20 });
    expect(screen.getAllByTestId('chat-message')).toHaveLength(23);
    expect(screen.queryByTestId('chat-load-older')).toBeNull();
    const shown = screen.getAllByTestId('chat-message').map((row) => row.textContent ?? '');
    expect(shown[0]).toContain('Message 0');
    expect(shown.at(-1)).toContain('Message 22');
  });

  it('tells the agents the member is typing, and stops after a pause or on sending', async () => {
    await openChat();
    await screen.findByText('Pick one');
    const socket = sockets.made[0]!;
    act(() => socket.serve('connect'));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: 'H' } });
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: 'He' } });
    expect(socket.emitted.filter(([event]) => event === 'typing')).toEqual([['typing', { isTyping: true }]]);
    act(() => vi.advanceTimersByTime(3000));
    expect(socket.emitted.filter(([event]) => event === 'typing').at(-1)).toEqual(['typing', { isTyping: false }]);
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: 'Hey' } });
    fireEvent.submit(screen.getByTestId('chat-input').closest('form')!);
    expect(socket.emitted.filter(([event]) => event === 'typing').slice(-2)).toEqual([
      ['typing', { isTyping: true }],
      ['typing', { isTyping: false }],
    ]);
  });

  it('says "Cannot start chatting" when the socket cannot join', async () => {
    await openChat();
    act(() => sockets.made[0]!.serve('connect_error', new Error('xhr poll error')));
    expect(await screen.findByTestId('chat-alert')).toHaveTextContent('Cannot start chatting');
  });
});
