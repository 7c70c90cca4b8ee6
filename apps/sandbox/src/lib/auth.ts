import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './errors.ts';

/** A preHandler that accepts only `Authorization: Bearer <key>`. */
export function requireBearer(key: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.authorization !== `Bearer ${key}`)
      return sendError(reply, 401, 'UNAUTHORIZED');
  };
}
