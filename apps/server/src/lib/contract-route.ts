import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Contract, ResponseOf } from '@mekong/contracts/contract';
import { AppError } from '@/lib/app-error.ts';
import { codeForIssues } from '@/lib/zod-errors.ts';

export type RouteInput<B, P = undefined> = {
  body: B;
  /** The path parameters through the contract's params schema (undefined when it has none). */
  params: P;
  request: FastifyRequest;
  reply: FastifyReply;
};

type BodyOutput<S> = S extends z.ZodType ? z.output<S> : undefined;
type ParamsOutput<C extends Contract> = C['params'] extends z.ZodType
  ? z.output<C['params']>
  : undefined;

export type RouteOptions<C extends Contract, S extends z.ZodType | undefined> = {
  contract: C;
  /** Overrides the contract's body schema (for country-specific schemas); same shape. */
  body?: S;
  handler: (input: RouteInput<BodyOutput<S>, ParamsOutput<C>>) => Promise<ResponseOf<C>>;
  /** Checks before the body is read, for calls with their own kind of session (the back office). */
  onRequest?: (request: FastifyRequest) => Promise<void>;
};

function parseParams(schema: z.ZodType | undefined, params: unknown): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(params);
  if (!result.success) throw new AppError(codeForIssues(result.error.issues));
  return result.data;
}

function parseBody(schema: z.ZodType | undefined, body: unknown): unknown {
  if (!schema) {
    // A call without a body accepts none, or an empty JSON object.
    if (body === undefined || body === null) return undefined;
    if (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0)
      return undefined;
    throw new AppError(
      typeof body === 'object' && !Array.isArray(body) ? 'UNKNOWN_FIELD' : 'INVALID_REQUEST',
    );
  }
  const result = schema.safeParse(body);
  if (!result.success) throw new AppError(codeForIssues(result.error.issues));
  return result.data;
}

/** Paths of registered API routes, so an unknown method on a known path can answer METHOD_NOT_ALLOWED. */
/** Each route keeps its contract, from which the OpenAPI document is made (modules/api-docs). */
export type ApiRouteTable = {
  method: string;
  path: string;
  pattern: RegExp;
  /** The call's contract; a raw route (a webhook, a file) has none and says what it is in `summary`. */
  contract?: Contract;
  summary?: string;
  /** Whose session the call needs: a member's bearer token, an operator's (checked in `onRequest`), or none. */
  session?: 'member' | 'operator' | 'none';
}[];

function pathPattern(path: string): RegExp {
  const escaped = path
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}

/**
 * Registers one call of the API from its contract: validates the body with the contract's zod schema (catalogue
 * codes as messages) and the answer with the response schema, so the server cannot drift from the client.
 */
export function contractRoute<C extends Contract, S extends z.ZodType | undefined = C['body']>(
  app: FastifyInstance,
  table: ApiRouteTable,
  options: RouteOptions<C, S>,
): void {
  const { contract } = options;
  const schema = (options.body ?? contract.body) as z.ZodType | undefined;
  table.push({
    method: contract.method,
    path: contract.path,
    pattern: pathPattern(contract.path),
    contract,
    session: contract.isAuthenticated ? 'member' : options.onRequest ? 'operator' : 'none',
  });
  app.route({
    method: contract.method,
    url: contract.path,
    // A signed-in call checks its session before the body is read, so strangers never get a body parsed.
    ...(contract.isAuthenticated ? { onRequest: app.requireSession } : {}),
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    handler: async (request, reply) => {
      const body = parseBody(schema, request.body) as BodyOutput<S>;
      // After the body, so a call's first complaint stays what it was before params were parsed here.
      const params = parseParams(contract.params, request.params) as ParamsOutput<C>;
      const result = await options.handler({ body, params, request, reply });
      const checked = contract.response.safeParse(result);
      if (!checked.success) {
        throw new Error(
          `response of ${contract.method} ${contract.path} does not match its contract: ${checked.error.message}`,
        );
      }
      return checked.data;
    },
  });
}
