import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { error, send } from './answer.ts';
import { applyPatch, faultsPatchSchema, noFaults, type Faults } from './faults.ts';

/** A party made of several providers (game providers, QR gateways), each with its own fault switches. */
export type ProviderSet<C extends string> = {
  codes: readonly C[];
  /** The provider of a code in any case, if there is one. */
  find(code: string): { code: C } | undefined;
  faultsOf(code: C): Faults;
  setFaults(code: C, next: Faults): void;
};

/** A provider code in a body: any case in, the canonical code out; unknown → PROVIDER_NOT_FOUND. */
export function providerCodeSchema<C extends string>(find: ProviderSet<C>['find']) {
  return z.string().transform((s, c) => {
    const found = find(s);
    if (!found) {
      c.addIssue({ code: 'custom', message: 'PROVIDER_NOT_FOUND' });
      return z.NEVER;
    }
    return found.code;
  });
}

/** A refused control body: PROVIDER_NOT_FOUND when that was the problem, else INVALID_PARAMS naming the field. */
export function invalidParams(issues: z.core.$ZodIssue[]) {
  return error(
    400,
    issues[0]?.message === 'PROVIDER_NOT_FOUND' ? 'PROVIDER_NOT_FOUND' : 'INVALID_PARAMS',
    { field: issues[0]?.path.join('.') },
  );
}

/** Answers `list(code)` for an optional `?provider=` (every provider without it; unknown → 404). */
export function listByProviderQuery<C extends string>(
  request: FastifyRequest,
  reply: FastifyReply,
  find: ProviderSet<C>['find'],
  list: (code?: C) => unknown,
) {
  const { provider } = request.query as { provider?: string };
  const found = provider ? find(provider) : undefined;
  if (provider && !found) return send(reply, error(404, 'PROVIDER_NOT_FOUND'));
  return list(found?.code);
}

/**
 * `GET <base>/faults` (every provider's), `POST <base>/faults` (a patch, for one `provider` or all) and
 * `POST <base>/faults/clear` (one `provider` or all).
 */
export function registerProviderFaultControls<C extends string>(
  app: FastifyInstance,
  base: string,
  set: ProviderSet<C>,
) {
  const code = providerCodeSchema(set.find);
  const patchBody = faultsPatchSchema.extend({ provider: code.optional() });
  const clearBody = z.strictObject({ provider: code.optional() });
  const view = () => Object.fromEntries(set.codes.map((c) => [c, set.faultsOf(c)]));

  app.get(`${base}/faults`, async () => view());
  app.post(`${base}/faults`, async (request, reply) => {
    const parsed = patchBody.safeParse(request.body);
    if (!parsed.success) return send(reply, invalidParams(parsed.error.issues));
    const { provider, ...patch } = parsed.data;
    const merged = (provider ? [provider] : set.codes).map(
      (c) => [c, applyPatch(set.faultsOf(c), patch)] as const,
    );
    if (merged.some(([, f]) => f === null)) return send(reply, error(400, 'RATES_OVER_ONE'));
    for (const [c, f] of merged) if (f) set.setFaults(c, f);
    return view();
  });
  app.post(`${base}/faults/clear`, async (request, reply) => {
    const parsed = clearBody.safeParse(request.body ?? {});
    if (!parsed.success) return send(reply, invalidParams(parsed.error.issues));
    for (const c of set.codes)
      if (!parsed.data.provider || parsed.data.provider === c) set.setFaults(c, noFaults());
    return view();
  });
}
