import type { FastifyRequest } from 'fastify';

/** The scheme is matched in any case (RFC 7235 §2.1: `bearer`, `BEARER`); the token as it is. */
const BEARER = /^Bearer\s+([A-Za-z0-9_-]{1,200})$/i;

/** The token of the request's `Authorization: Bearer …` header; undefined when there is none or it is malformed. */
export function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return typeof header === 'string' ? BEARER.exec(header.trim())?.[1] : undefined;
}
