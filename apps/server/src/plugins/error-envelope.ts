import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { statusOf, type MessageCode } from '@mekong/contracts/messages';
import { isDatabaseUnavailable, isDataException } from '@/db/pg-errors.ts';
import { AppError, type RetryTime } from '@/lib/app-error.ts';
import type { ApiRouteTable } from '@/lib/contract-route.ts';

const frameworkCodes: Record<string, MessageCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'INVALID_REQUEST',
};

const statusCodes: Record<number, MessageCode> = {
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  413: 'BODY_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  503: 'SERVICE_UNAVAILABLE',
};

/**
 * The catalogue code for any error: known failures keep their code, a value the database refused is bad input, everything
 * unexpected is INTERNAL_SERVER_ERROR.
 */
export function codeForError(error: unknown): MessageCode {
  if (error instanceof AppError) return error.code;
  const e = error as Partial<FastifyError> & { status?: number };
  const byCode = typeof e.code === 'string' ? frameworkCodes[e.code] : undefined;
  if (byCode) return byCode;
  if (isDataException(error)) return 'INVALID_REQUEST';
  if (isDatabaseUnavailable(error)) return 'SERVICE_UNAVAILABLE';
  // The JSON parser raises a SyntaxError (tagged 400) for malformed or prototype-poisoned bodies.
  if (error instanceof SyntaxError && e.statusCode === 400) return 'INVALID_JSON';
  const status = e.statusCode ?? e.status;
  if (typeof status === 'number') {
    const byStatus = statusCodes[status];
    if (byStatus) return byStatus;
    if (status >= 400 && status < 500) return 'INVALID_REQUEST';
  }
  return 'INTERNAL_SERVER_ERROR';
}

/** The error body (packages/contracts errorBodySchema); a limit adds when it ends, in the body and as Retry-After. */
export function sendCode(reply: FastifyReply, code: MessageCode, retry?: RetryTime) {
  reply.code(statusOf(code)).type('application/json; charset=utf-8');
  if (!retry) return reply.send({ message: code });
  return reply
    .header('retry-after', String(retry.afterSeconds))
    .send({ message: code, retryAt: retry.at.toISOString() });
}

export type ErrorEnvelopeOptions = {
  apiRoutes: ApiRouteTable;
  /** Answers a non-API GET that matched no route (the web app's history fallback). */
  onWebFallback: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> | unknown;
};

/** docs/design.md#errors: every failure answers `{ message: CODE }` with the catalogue status. */
export const errorEnvelope = fp<ErrorEnvelopeOptions>(
  async (app, options) => {
    app.setErrorHandler((error, request, reply) => {
      const code = codeForError(error);
      const status = statusOf(code);
      if (code === 'INTERNAL_SERVER_ERROR') request.log.error({ err: error }, 'unexpected error');
      else if (status >= 500) request.log.warn({ err: error, code }, 'request failed');
      else request.log.debug({ code }, 'request refused');
      return sendCode(reply, code, error instanceof AppError ? error.retry : undefined);
    });

    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const isApi = path === '/api' || path.startsWith('/api/');
      if (isApi) {
        const routes = options.apiRoutes.filter((r) => r.pattern.test(path));
        // The router leaves a call of a known method unmatched only when a path parameter is longer than it takes
        // (find-my-way's maxParamLength, 100): bad input, not another method.
        const method = request.method === 'HEAD' ? 'GET' : request.method;
        if (routes.some((r) => r.method === method)) return sendCode(reply, 'INVALID_REQUEST');
        return sendCode(reply, routes.length > 0 ? 'METHOD_NOT_ALLOWED' : 'NOT_FOUND');
      }
      if (request.method === 'GET' || request.method === 'HEAD')
        return options.onWebFallback(request, reply);
      return sendCode(reply, 'NOT_FOUND');
    });
  },
  { name: 'error-envelope' },
);
