import type { FastifyReply } from 'fastify';

/** Every sandbox error answer has the same shape, like the outside services it imitates: `{status:'error', code}`. */
export function sendError(
  reply: FastifyReply,
  httpStatus: number,
  code: string,
  extra: Record<string, unknown> = {},
) {
  return reply.code(httpStatus).send({ status: 'error', code, ...extra });
}
