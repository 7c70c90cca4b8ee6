import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Server, type Namespace, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { CHAT_SOCKET } from '@mekong/contracts/chat';
import type { MessageCode } from '@mekong/contracts/messages';
import type { Config } from '@/config.ts';
import { AppError } from '@/lib/app-error.ts';
import type { ChatHub } from '@/modules/chat/chat-hub.ts';
import { createAdapterRedis } from '@/modules/chat/chat-redis.ts';
import { applySecurityHeaders } from '@/plugins/security-headers.ts';

/**
 * Socket.IO on the server's own port (docs/decisions/0015-support-chat.md#socket). With REDIS_URL the Redis streams
 * adapter shares rooms between server processes. Connections are closed before the HTTP server, as transport
 * closes, so clients reconnect by themselves (to this process when it is back, or to another).
 */
export function attachChatSockets(app: FastifyInstance, config: Config) {
  const redis = config.REDIS_URL ? createAdapterRedis(config.REDIS_URL) : null;
  const io = new Server(app.server, {
    path: CHAT_SOCKET.path,
    serveClient: false,
    ...(redis
      ? {
          adapter: createAdapter(redis.client, {
            streamName: `${config.REDIS_PREFIX}chat:stream`,
            channelPrefix: `${config.REDIS_PREFIX}chat`,
            sessionKeyPrefix: `${config.REDIS_PREFIX}chat:session:`,
            onlyPlaintext: true,
            blockTimeInMs: 1000,
          }),
        }
      : {}),
  });
  // Engine.IO answers polling itself, outside Fastify's hooks: the API's security headers, on every answer (refusals
  // too), and never kept (docs/decisions/0015-support-chat.md#socket).
  io.engine.use((req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
    res.setHeader('cache-control', 'no-store');
    applySecurityHeaders(req, res, next);
  });
  const customers = io.of(CHAT_SOCKET.customerNamespace);
  const agents = io.of(CHAT_SOCKET.agentNamespace);

  app.addHook('preClose', async () => {
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    // Every namespace's adapter, the main one too: the adapter stops reading its stream only once all are closed.
    await Promise.allSettled([io.of('/'), customers, agents].map((n) => n.adapter.close()));
    redis?.close();
  });

  const hub: ChatHub = {
    toCustomer: (room, event, data) => {
      customers.to(room).emit(event, data);
    },
    toWatchers: (conversationId, event, data) => {
      agents.to(watchRoom(conversationId)).emit(event, data);
    },
    toAgents: (conversation) => {
      agents.to(AGENTS_ROOM).emit(CHAT_SOCKET.conversation, conversation);
    },
    async onlineAgentIds() {
      const sockets = await agents.fetchSockets().catch(() => agents.local.fetchSockets());
      return new Set(sockets.map((s) => (s.data as { operatorId?: string }).operatorId ?? ''));
    },
  };
  return { io, customers, agents, hub };
}

export const AGENTS_ROOM = 'agents';
export const watchRoom = (conversationId: string) => `conv:${conversationId}`;

/** A refused handshake: the client's connect_error carries `data.code`. */
export function refusal(code: MessageCode): Error & { data: { code: MessageCode } } {
  return Object.assign(new Error(code), { data: { code } });
}

/** The code of a failure in a handshake or event: an AppError's own, anything else SERVICE_UNAVAILABLE. */
export function codeOf(error: unknown): MessageCode {
  return error instanceof AppError ? error.code : 'SERVICE_UNAVAILABLE';
}

/** Runs a handshake check; a failure refuses the connection with its code. */
export function guardHandshake<S extends Socket>(
  namespace: Namespace,
  check: (socket: S) => Promise<void>,
  log: FastifyInstance['log'],
) {
  namespace.use((socket, next) => {
    check(socket as S).then(
      () => next(),
      (error: unknown) => {
        if (!(error instanceof AppError)) log.error({ err: error }, 'chat socket handshake failed');
        next(refusal(codeOf(error)));
      },
    );
  });
}

/** A string field of an untrusted event or handshake payload. */
export function textField(payload: unknown, key: string): string | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const value = (payload as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
}

export function booleanField(payload: unknown, key: string): boolean | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const value = (payload as Record<string, unknown>)[key];
  return typeof value === 'boolean' ? value : undefined;
}
