import type { FastifyReply } from 'fastify';
import type { SandboxContext } from './context.ts';
import { pickOutcome, type Faults } from './faults.ts';

/** An HTTP answer decided by a module's logic, sent later by the fault wrapper. */
export type Answer = { httpStatus: number; body: Record<string, unknown> };

export const ok = (body: Record<string, unknown>): Answer => ({
  httpStatus: 200,
  body: { status: 'success', ...body },
});
export const error = (
  httpStatus: number,
  code: string,
  extra: Record<string, unknown> = {},
): Answer => ({
  httpStatus,
  body: { status: 'error', code, ...extra },
});

export function send(reply: FastifyReply, answer: Answer) {
  return reply.code(answer.httpStatus).send(answer.body);
}

/**
 * Runs a money call under the switched-on faults. `apply(isRejected)` performs the change (or records a definite
 * failure when isRejected) and returns the normal answer; unknown outcomes hide that answer from the caller.
 */
export async function answerMoneyCall(
  ctx: SandboxContext,
  faults: Faults,
  reply: FastifyReply,
  apply: (isRejected: boolean) => Answer,
) {
  if (faults.latencyMs > 0) await ctx.hangs.wait(faults.latencyMs);
  const outcome = pickOutcome(faults, ctx.random, true);
  switch (outcome) {
    case 'ok':
      return send(reply, apply(false));
    case 'fail':
      return send(reply, apply(true));
    case 'error-before':
      return send(reply, error(500, 'INTERNAL_ERROR'));
    case 'error-after':
      apply(false);
      return send(reply, error(500, 'INTERNAL_ERROR'));
    case 'timeout-before':
      await ctx.hangs.wait(faults.hangMs);
      return send(reply, error(504, 'GATEWAY_TIMEOUT'));
    case 'timeout-after':
      apply(false);
      await ctx.hangs.wait(faults.hangMs);
      return send(reply, error(504, 'GATEWAY_TIMEOUT'));
  }
}

/** Runs any other call under the faults: latency, and a definite failure as 503. */
export async function answerCall(
  ctx: SandboxContext,
  faults: Faults,
  reply: FastifyReply,
  run: () => Answer,
) {
  if (faults.latencyMs > 0) await ctx.hangs.wait(faults.latencyMs);
  if (pickOutcome(faults, ctx.random, false) === 'fail')
    return send(reply, error(503, 'SERVICE_UNAVAILABLE'));
  return send(reply, run());
}
