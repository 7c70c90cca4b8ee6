import type { FastifyInstance } from 'fastify';
import type { Namespace } from 'socket.io';
import { SESSION_IDLE_MS, SESSION_MAX_AGE_MS } from '@mekong/contracts/constants';
import type { AppDeps } from '@/app-deps.ts';
import { findLiveSessionIds } from '@/modules/auth/session.repository.ts';
import { findLiveOperatorSessionIds } from '@/modules/operators/operator.repository.ts';
import { findSettingCached } from '@/modules/settings/settings.repository.ts';

/** How often each process re-checks the sessions of its own sockets (expiry, idle, anything not told). */
export const SOCKET_SESSION_CHECK_MS = 60_000;

/** The room of every socket opened with one session, in either namespace. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** The session a connected socket was opened with (none for a guest). */
export type SessionOf = (socketData: unknown) => string | undefined;

/**
 * A socket lives no longer than its session (docs/decisions/0015-support-chat.md#socket). A session that ends is told
 * (SessionEnds) and its room is disconnected on every process through the adapter; every minute each process reads
 * the sessions of its own sockets (one query per namespace) and disconnects those that expired or were ended unseen.
 */
export function guardSocketSessions(
  app: FastifyInstance,
  namespaces: { customers: Namespace; agents: Namespace },
  sessionOf: { customer: SessionOf; agent: SessionOf },
  { db, clock, sessionEnds }: Pick<AppDeps, 'db' | 'clock' | 'sessionEnds'>,
) {
  sessionEnds.listen((kind, sessionIds) => {
    const namespace = kind === 'member' ? namespaces.customers : namespaces.agents;
    try {
      namespace.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
    } catch (error) {
      app.log.warn({ err: error }, 'chat sockets of ended sessions not disconnected');
    }
  });

  async function checkNamespace(
    namespace: Namespace,
    sessionOfSocket: SessionOf,
    findLive: (ids: string[]) => Promise<Set<string>>,
  ) {
    const held = [...namespace.sockets.values()].flatMap((socket) => {
      const sessionId = sessionOfSocket(socket.data);
      return sessionId ? [{ socket, sessionId }] : [];
    });
    if (held.length === 0) return;
    const live = await findLive([...new Set(held.map((h) => h.sessionId))]);
    for (const { socket, sessionId } of held) if (!live.has(sessionId)) socket.disconnect(true);
  }

  async function check(): Promise<void> {
    const now = clock.now();
    await checkNamespace(namespaces.customers, sessionOf.customer, (ids) =>
      findLiveSessionIds(db.kysely, ids, {
        idleSince: new Date(now.getTime() - SESSION_IDLE_MS),
        begunAfter: new Date(now.getTime() - SESSION_MAX_AGE_MS),
      }),
    );
    await checkNamespace(namespaces.agents, sessionOf.agent, async (ids) => {
      const { idleMinutes } = (await findSettingCached(db.kysely, 'adminAccess'))!;
      return findLiveOperatorSessionIds(db.kysely, ids, {
        now,
        idleSince: new Date(now.getTime() - idleMinutes * 60_000),
      });
    });
  }

  const timer = setInterval(() => {
    check().catch((error: unknown) =>
      app.log.warn({ err: error }, 'chat socket sessions not checked'),
    );
  }, SOCKET_SESSION_CHECK_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  return { check };
}
