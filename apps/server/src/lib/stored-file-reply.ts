import type { FastifyReply } from 'fastify';

/**
 * The headers of a file someone uploaded, sent back as stored: its type (found from its magic number at upload) and
 * how long it may be kept; never sniffed into another type, never run as a page.
 */
export function storedFileReply(
  reply: FastifyReply,
  type: string,
  cacheControl: string,
): FastifyReply {
  return reply
    .type(type)
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'");
}
