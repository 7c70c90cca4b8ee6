import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, type Mock } from 'vitest';
import type { AdminChatConversation, AdminChatMessage } from '@mekong/contracts/admin/chat';
import type { Contract } from '@mekong/contracts/contract';
import { setupI18n } from '@/lib/i18n';
import { setToken } from '@/lib/session';
import en from '@/locales/en.json';
import la from '@/locales/la.json';
import th from '@/locales/th.json';

setupI18n(
  {
    common: { en: en.common, th: th.common, la: la.common },
    chat: { en: en.chat, th: th.chat, la: la.chat },
  },
  'en',
);

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

/** A stand-in for the agents' socket: records what the page emits; `serverEmit` plays an event from the server. */
export function fakeSocket() {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const socket = {
    connected: true,
    emitted: [] as { event: string; payload: unknown }[],
    on(event: string, handler: (payload: unknown) => void) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
      return socket;
    },
    off(event: string, handler: (payload: unknown) => void) {
      handlers.get(event)?.delete(handler);
      return socket;
    },
    emit(event: string, payload: unknown) {
      socket.emitted.push({ event, payload });
      return socket;
    },
    removeAllListeners() {
      handlers.clear();
      return socket;
    },
    disconnect() {
      socket.connected = false;
      return socket;
    },
    serverEmit(event: string, payload?: unknown) {
      for (const handler of handlers.get(event) ?? []) handler(payload);
    },
  };
  return socket;
}

type Call = { body?: unknown; params?: Record<string, string | number> };
type Answer = (call: Call) => unknown;

/**
 * Answers `adminFetch` by the contract's method and path, as the server would; a call nobody answers fails the test.
 * Returns the spy so a test can read what was sent.
 */
export function answerCalls(fetchMock: Mock, answers: Record<string, Answer>) {
  fetchMock.mockImplementation(async (contract: Contract<never, never, never>, call: Call = {}) => {
    const answer = answers[`${contract.method} ${contract.path}`];
    if (!answer) throw new Error(`unexpected call ${contract.method} ${contract.path}`);
    return answer(call);
  });
}

/** The calls made to one contract (method and path), with what each sent. */
export function callsTo(fetchMock: Mock, key: string): Call[] {
  return fetchMock.mock.calls
    .filter(
      ([contract]) => `${(contract as Contract).method} ${(contract as Contract).path}` === key,
    )
    .map(([, call]) => (call ?? {}) as Call);
}

export const ME_ID = '00000000-0000-4000-8000-000000000001';

export function operator(permissions: string[]) {
  return {
    operator: {
      id: ME_ID,
      username: 'agent',
      displayName: 'Agent One',
      role: 'support',
      permissions,
    },
    reauthValidUntil: null,
  };
}

export function conversation(
  overrides: Partial<AdminChatConversation> = {},
): AdminChatConversation {
  return {
    id: '00000000-0000-4000-8000-0000000000c1',
    status: 'open',
    member: null,
    guestId: 'g_abcdefghijklmnopqrstuv',
    assignee: null,
    lastMessageAt: '2026-11-25T02:00:00.000Z',
    lastMessagePreview: 'Hello, my deposit?',
    unreadCount: 1,
    waitingSince: '2026-11-25T02:00:00.000Z',
    customerReadAt: null,
    createdAt: '2026-11-25T01:59:00.000Z',
    ...overrides,
  };
}

export function chatMessage(overrides: Partial<AdminChatMessage> = {}): AdminChatMessage {
  return {
    _id: 'm1',
    clientId: 'client-0001',
    sender: 'customer',
    message: { message_type: 'text', payload: { message: 'Hello, my deposit?' } },
    createdAt: '2026-11-25T02:00:00.000Z',
    session_id: '00000000-0000-4000-8000-0000000000c1',
    userId: null,
    guestId: 'g_abcdefghijklmnopqrstuv',
    username: null,
    name: null,
    deviceToken: null,
    isPrivateNote: false,
    operator: null,
    ...overrides,
  };
}

/** Renders a back-office page signed in (a token in the tab), at `path`, with a fresh query client. */
export function renderPage(ui: ReactElement, path = '/chat') {
  setToken('test-token');
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
