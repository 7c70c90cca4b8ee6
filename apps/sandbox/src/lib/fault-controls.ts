import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { error, send } from './answer.ts';
import { applyPatch, faultsPatchSchema, noFaults, type Faults } from './faults.ts';

/** A party with one set of fault switches plus a list of its own (accounts to reject, banks to delay…). */
export type FaultSwitched = {
  getFaults(): unknown;
  rawFaults(): Faults;
  setFaults(next: Faults, list?: string[]): void;
};

/**
 * The sandbox controls of such a party: `GET <base>/faults`, `POST <base>/faults` (a patch, plus `listName`) and
 * `POST <base>/faults/clear`.
 */
export function registerFaultControls(
  app: FastifyInstance,
  base: string,
  store: FaultSwitched,
  list: { name: string; schema: z.ZodType<string[]> },
) {
  const body = faultsPatchSchema.extend({ [list.name]: list.schema.optional() });
  app.get(`${base}/faults`, async () => store.getFaults());
  app.post(`${base}/faults`, async (request, reply) => {
    const parsed = body.safeParse(request.body);
    if (!parsed.success) return send(reply, error(400, 'INVALID_PARAMS'));
    const { [list.name]: listValue, ...patch } = parsed.data as Record<string, unknown>;
    const next = applyPatch(store.rawFaults(), patch);
    if (!next) return send(reply, error(400, 'RATES_OVER_ONE'));
    store.setFaults(next, listValue as string[] | undefined);
    return store.getFaults();
  });
  app.post(`${base}/faults/clear`, async () => {
    store.setFaults(noFaults(), []);
    return store.getFaults();
  });
}
