import { CHAT_GUEST_REJOIN_MS, CHAT_MEMBER_RECONNECT_MS, CHAT_SOCKET, type ChatMessage } from '@mekong/contracts/chat';
import type { Socket } from 'socket.io-client';
import { API_BASE_URL } from '@/lib/config';
import { getToken } from '@/lib/session';
import type { ChatIdentity } from '@/features/chat/api/chat-api';

export type ChatSocketHandlers = {
  /** Joined (first time or again): history page 1 is read again, so nothing sent meanwhile is lost. */
  onConnect: () => void;
  onMessage: (message: ChatMessage) => void;
  onAgentRead: (at: string) => void;
  onAgentTyping: (isTyping: boolean) => void;
  /** The server refused the identity (`CHAT_GUEST_INVALID`, `CHAT_UNAUTHORIZED`, `CHAT_DISABLED`): no retry. */
  onRefused: (code: string) => void;
  /** A join failed (first failure of a run of them): "Cannot start chatting". */
  onJoinFailed: () => void;
};

export type ChatSocketConnection = { emitTyping: (isTyping: boolean) => void; close: () => void };

/** Refusals that retrying cannot change: the identity or the switch must change first. */
const TERMINAL_CODES = new Set(['CHAT_GUEST_INVALID', 'CHAT_UNAUTHORIZED', 'CHAT_DISABLED', 'CHAT_FORBIDDEN']);

/**
 * Spec §7: a guest re-joins every 5 s, a member reconnects every 500 ms without limit. A little jitter (D9) keeps
 * the phones of a restarted server from all coming back in the same instant; the delay never exceeds the spec's.
 */
export function reconnectDelayOf(identity: ChatIdentity): number {
  return identity.kind === 'member' ? CHAT_MEMBER_RECONNECT_MS : CHAT_GUEST_REJOIN_MS;
}

function codeOf(error: unknown): string | null {
  const data = (error as { data?: { code?: unknown } } | null)?.data;
  return typeof data?.code === 'string' ? data.code : null;
}

/**
 * The tab's one chat socket (docs/decisions/0015-support-chat.md#socket). The server puts it in the caller's room
 * from the handshake's identity; there is no join event. socket.io-client is loaded only when a chat starts.
 */
export async function openChatSocket(identity: ChatIdentity, handlers: ChatSocketHandlers): Promise<ChatSocketConnection> {
  const { io } = await import('socket.io-client');
  const delay = reconnectDelayOf(identity);
  const socket: Socket = io(`${API_BASE_URL}${CHAT_SOCKET.customerNamespace}`, {
    path: CHAT_SOCKET.path,
    // Read at every (re)connection, so a renewed session token is the one sent.
    auth: (send) => send(identity.kind === 'member' ? { token: getToken() } : { guestToken: identity.guestToken }),
    // Several server processes share rooms through Redis but not polling sessions: WebSocket only (D9).
    transports: ['websocket'],
    reconnection: true,
    reconnectionAttempts: Infinity,
    reconnectionDelay: delay,
    reconnectionDelayMax: delay,
    randomizationFactor: 0.2,
  });

  let isClosed = false;
  let isFailing = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  /** The client retries a lost connection by itself; not one the server refused or ended: this does. */
  const retryLater = () => {
    clearTimeout(retry);
    retry = setTimeout(() => {
      if (!isClosed && !socket.connected) socket.connect();
    }, delay);
  };

  socket.on('connect', () => {
    isFailing = false;
    handlers.onConnect();
  });
  socket.on('connect_error', (error) => {
    const code = codeOf(error);
    if (code && TERMINAL_CODES.has(code)) {
      handlers.onRefused(code);
      return;
    }
    if (!isFailing) handlers.onJoinFailed();
    isFailing = true;
    if (!socket.active) retryLater();
  });
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') retryLater();
  });
  socket.on(CHAT_SOCKET.messaging, (message: ChatMessage) => handlers.onMessage(message));
  socket.on(CHAT_SOCKET.read, (event: { side?: string; at?: string }) => {
    if (event.side === 'agent' && typeof event.at === 'string') handlers.onAgentRead(event.at);
  });
  socket.on(CHAT_SOCKET.typing, (event: { isTyping?: boolean }) => handlers.onAgentTyping(event.isTyping === true));

  return {
    emitTyping: (isTyping) => {
      if (socket.connected) socket.emit(CHAT_SOCKET.typing, { isTyping });
    },
    close: () => {
      isClosed = true;
      clearTimeout(retry);
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
}
