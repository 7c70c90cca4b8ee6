import type { FastifyRequest } from 'fastify';

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{1,200})$/;

/** The token of the request's `Authorization: Bearer …` header; undefined when there is none or it is malformed. */
export function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return typeof header === 'string' ? BEARER.exec(header.trim())?.[1] : undefined;
}
