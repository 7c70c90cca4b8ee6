import type { FastifyInstance } from 'fastify';
import type { Namespace, Socket } from 'socket.io';
import { CHAT_SOCKET } from '@mekong/contracts/chat';
import type { AppDeps } from '@/app-deps.ts';
import { AppError } from '@/lib/app-error.ts';
import type { ChatHub } from '@/modules/chat/chat-hub.ts';
import {
  ownerOf,
  roomOf,
  type ChatIdentities,
  type ChatIdentity,
} from '@/modules/chat/chat-identity.ts';
import { roomOfView } from '@/modules/chat/chat-messages.ts';
import {
  AGENTS_ROOM,
  booleanField,
  codeOf,
  guardHandshake,
  textField,
  watchRoom,
} from '@/modules/chat/chat-socket.ts';
import { sessionRoom } from '@/modules/chat/chat-session-guard.ts';
import { findConversationByOwner, findConversationView } from '@/modules/chat/chat.repository.ts';
import type { OperatorAuthService } from '@/modules/operators/operator-auth.service.ts';
import { isUuid } from '@/lib/uuid.ts';

type CustomerData = { identity: ChatIdentity; conversationId?: string };
type AgentData = { operatorId: string; sessionId: string; canAnswer: boolean };

/** The session a socket was opened with, for the session guard (a guest has none). */
export const customerSessionOf = (data: unknown): string | undefined => {
  const identity = (data as Partial<CustomerData>).identity;
  return identity?.kind === 'member' ? identity.sessionId : undefined;
};
export const agentSessionOf = (data: unknown): string | undefined =>
  (data as Partial<AgentData>).sessionId;
type Ack = (answer: { ok: boolean; code?: string }) => void;

/**
 * The customers' namespace: the server joins each socket to its own room from the handshake's identity; there is no
 * join event, so a client cannot listen to another room (docs/decisions/0015-support-chat.md#socket).
 */
export function handleCustomerSockets(
  app: FastifyInstance,
  customers: Namespace,
  { db }: Pick<AppDeps, 'db'>,
  identities: ChatIdentities,
  hub: ChatHub,
) {
  guardHandshake<Socket>(
    customers,
    async (socket) => {
      await identities.ensureEnabled();
      const auth: unknown = socket.handshake.auth;
      const token = textField(auth, 'token');
      let identity: ChatIdentity;
      try {
        identity = await identities.identify({ token, guestToken: textField(auth, 'guestToken') });
      } catch (error) {
        // Whatever is wrong with a member's session, the chat says so with its own code.
        if (token && error instanceof AppError) throw new AppError('CHAT_UNAUTHORIZED');
        throw error;
      }
      const conversation = await findConversationByOwner(db.kysely, ownerOf(identity));
      if (conversation?.merged_into) throw new AppError('CHAT_GUEST_INVALID');
      (socket.data as CustomerData) = { identity, conversationId: conversation?.id };
    },
    app.log,
  );

  customers.on('connection', (socket) => {
    const data = socket.data as CustomerData;
    void socket.join(
      data.identity.kind === 'member'
        ? [roomOf(data.identity), sessionRoom(data.identity.sessionId)]
        : roomOf(data.identity),
    );
    socket.on(CHAT_SOCKET.typing, (payload: unknown) => {
      const isTyping = booleanField(payload, 'isTyping');
      if (isTyping === undefined) return;
      void (async () => {
        data.conversationId ??= (await findConversationByOwner(db.kysely, ownerOf(data.identity)))
          ?.id;
        if (data.conversationId)
          hub.toWatchers(data.conversationId, 'typing', {
            conversationId: data.conversationId,
            isTyping,
            side: 'customer',
          });
      })().catch((error: unknown) => app.log.warn({ err: error }, 'chat typing not relayed'));
    });
  });
}

/** The agents' namespace: an operator session with chat.read; watching a conversation joins its room. */
export function handleAgentSockets(
  app: FastifyInstance,
  agents: Namespace,
  { db }: Pick<AppDeps, 'db'>,
  operatorAuth: OperatorAuthService,
  hub: ChatHub,
) {
  guardHandshake<Socket>(
    agents,
    async (socket) => {
      const operator = await operatorAuth.authenticate(
        textField(socket.handshake.auth, 'token'),
        socket.handshake.address,
      );
      if (!operator.permissions.includes('chat.read')) throw new AppError('OPERATOR_FORBIDDEN');
      (socket.data as AgentData) = {
        operatorId: operator.operatorId,
        sessionId: operator.sessionId,
        canAnswer: operator.permissions.includes('chat.answer'),
      };
    },
    app.log,
  );

  agents.on('connection', (socket) => {
    const data = socket.data as AgentData;
    void socket.join([AGENTS_ROOM, sessionRoom(data.sessionId)]);
    socket.on(CHAT_SOCKET.watch, (payload: unknown, ack?: Ack) => {
      const conversationId = textField(payload, 'conversationId') ?? '';
      const answer = typeof ack === 'function' ? ack : () => undefined;
      if (!isUuid(conversationId))
        return answer({ ok: false, code: 'CHAT_CONVERSATION_NOT_FOUND' });
      findConversationView(db.kysely, conversationId).then(
        async (view) => {
          if (!view) return answer({ ok: false, code: 'CHAT_CONVERSATION_NOT_FOUND' });
          await socket.join(watchRoom(conversationId));
          answer({ ok: true });
        },
        (error: unknown) => answer({ ok: false, code: codeOf(error) }),
      );
    });
    socket.on(CHAT_SOCKET.unwatch, (payload: unknown) => {
      const conversationId = textField(payload, 'conversationId');
      if (conversationId) void socket.leave(watchRoom(conversationId));
    });
    socket.on(CHAT_SOCKET.typing, (payload: unknown) => {
      const conversationId = textField(payload, 'conversationId') ?? '';
      const isTyping = booleanField(payload, 'isTyping');
      if (!data.canAnswer || isTyping === undefined || !isUuid(conversationId)) return;
      findConversationView(db.kysely, conversationId).then(
        (view) => {
          if (!view) return;
          hub.toCustomer(roomOfView(view), 'typing', { isTyping });
          socket
            .to(watchRoom(conversationId))
            .emit(CHAT_SOCKET.typing, { conversationId, isTyping, side: 'agent' });
        },
        (error: unknown) => app.log.warn({ err: error }, 'chat typing not relayed'),
      );
    });
  });
}
