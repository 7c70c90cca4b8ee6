import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Contract } from '@mekong/contracts/contract';
import type { AppDeps } from '@/app-deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { optionalIdempotencyKeyOf } from '@/lib/idempotency-key.ts';
import {
  claimReply,
  findReply,
  forgetRepliesBefore,
  releaseReply,
  storeReply,
  type ReplyKey,
} from '@/modules/money-replies/money-replies.repository.ts';

/** A request in flight this long without an answer died: a replay runs the call again. */
export const REPLY_STALE_AFTER_MS = 5 * 60_000;
/** How long a replay waits for the first request still in flight before saying "unavailable" (the app asks again). */
const IN_FLIGHT_WAIT_MS = 10_000;
const IN_FLIGHT_POLL_MS = 100;
/** Answers are kept this long, far beyond any replay. */
export const REPLY_KEPT_MS = 7 * 24 * 60 * 60_000;

/**
 * Replays of money calls that have no idempotency of their own (docs/decisions/0024-unknown-money-outcomes.md): the
 * first request under a member's Idempotency-Key claims the key; its answer (a success or a refusal) is kept and
 * every later request under the key gets that same answer, without running the call again. An answer that says
 * nothing definite (5xx) gives the key back, so the replay runs the call. A call without a key runs as before.
 */
export function registerMoneyReplies(
  app: FastifyInstance,
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  contracts: readonly Contract[],
): void {
  const calls = new Set(contracts.map((contract) => `${contract.method} ${contract.path}`));
  const claimed = new WeakMap<FastifyRequest, ReplyKey>();

  async function settledReply(replyKey: ReplyKey, call: string) {
    const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
    for (;;) {
      const stored = await findReply(db.kysely, replyKey);
      if (stored && stored.call !== call) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      if (!stored || stored.statusCode !== null || Date.now() > deadline) return stored;
      await new Promise((resolve) => setTimeout(resolve, IN_FLIGHT_POLL_MS));
    }
  }

  app.addHook('preHandler', async (request, reply) => {
    const call = `${request.method} ${request.routeOptions.url ?? ''}`;
    if (!calls.has(call) || !request.session) return;
    const key = optionalIdempotencyKeyOf(request);
    if (key === null) return;
    const replyKey = { memberId: request.session.memberId, key };
    for (;;) {
      const now = clock.now();
      if (await claimReply(db.kysely, replyKey, call, now, new Date(now.getTime() - REPLY_STALE_AFTER_MS))) {
        claimed.set(request, replyKey);
        return;
      }
      const stored = await settledReply(replyKey, call);
      // Given back meanwhile (the first answer was not definite): claim it again.
      if (!stored) continue;
      if (stored.statusCode === null || stored.body === null) throw new AppError('SERVICE_UNAVAILABLE');
      return reply.code(stored.statusCode).type('application/json; charset=utf-8').send(stored.body);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const replyKey = claimed.get(request);
    if (!replyKey) return payload;
    claimed.delete(request);
    if (reply.statusCode >= 500 || typeof payload !== 'string') await releaseReply(db.kysely, replyKey);
    else await storeReply(db.kysely, replyKey, reply.statusCode, payload);
    return payload;
  });
}

/** Housekeeping: forgets answers older than REPLY_KEPT_MS. */
export function forgetOldReplies({ db, clock }: Pick<AppDeps, 'db' | 'clock'>): Promise<number> {
  return forgetRepliesBefore(db.kysely, new Date(clock.now().getTime() - REPLY_KEPT_MS));
}
