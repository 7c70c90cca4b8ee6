import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One call of the API. `path` uses `:name` for path parameters.
 * `body` is absent for calls without a JSON body.
 */
export type Contract<
  TBody extends z.ZodType | undefined = z.ZodType | undefined,
  TResponse extends z.ZodType = z.ZodType,
  TParams extends z.ZodType | undefined = z.ZodType | undefined,
> = {
  method: HttpMethod;
  path: string;
  body: TBody;
  params: TParams;
  response: TResponse;
  isAuthenticated: boolean;
};

export function defineContract<
  TResponse extends z.ZodType,
  TBody extends z.ZodType | undefined = undefined,
  TParams extends z.ZodType | undefined = undefined,
>(c: {
  method: HttpMethod;
  path: string;
  response: TResponse;
  body?: TBody;
  params?: TParams;
  isAuthenticated?: boolean;
}): Contract<TBody, TResponse, TParams> {
  return {
    method: c.method,
    path: c.path,
    body: c.body as TBody,
    params: c.params as TParams,
    response: c.response,
    isAuthenticated: c.isAuthenticated ?? false,
  };
}

/** A lookup: a GET of public data at `/api/lookup/<name>`, with no session, no body and no path parameters. */
export function lookupGet<TResponse extends z.ZodType>(name: string, response: TResponse) {
  return defineContract({ method: 'GET', path: `/api/lookup/${name}`, response });
}

/** A call only a signed-in member may make. */
export function memberCall<
  TResponse extends z.ZodType,
  TBody extends z.ZodType | undefined = undefined,
  TParams extends z.ZodType | undefined = undefined,
>(
  method: HttpMethod,
  path: string,
  parts: { response: TResponse; body?: TBody; params?: TParams },
): Contract<TBody, TResponse, TParams> {
  return defineContract({ method, path, ...parts, isAuthenticated: true });
}

/** Fills `:name` segments of a contract path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

export type BodyOf<C> = C extends Contract<infer B, z.ZodType, z.ZodType | undefined>
  ? B extends z.ZodType
    ? z.input<B>
    : never
  : never;
export type ResponseOf<C> = C extends Contract<z.ZodType | undefined, infer R, z.ZodType | undefined>
  ? z.output<R>
  : never;
