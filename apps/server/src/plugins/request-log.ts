import type { FastifyRequest } from 'fastify';

/**
 * Paths whose tail is a secret: the game password autoLogin takes in its path, and the slip image address (whoever
 * holds it sees a member's bank slip). Request logs keep the prefix and drop the rest, query string included.
 */
const SECRET_TAILS: RegExp[] = [
  /^(\/api\/autoLogin\/[^/?]*\/[^/?]*\/)[^?]*/i,
  /^(\/api\/files\/slips\/)/,
];

export function redactUrl(url: string): string {
  for (const pattern of SECRET_TAILS) {
    const match = pattern.exec(url);
    if (match) return `${match[1]}[redacted]`;
  }
  return url;
}

/** Fastify's request serializer with the URL redacted (docs/decisions/0012-deploy-secrets.md). */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
