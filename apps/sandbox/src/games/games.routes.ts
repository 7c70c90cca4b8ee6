import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { answerCall, answerMoneyCall, error, ok, send } from '../lib/answer.ts';
import { requireBearer } from '../lib/auth.ts';
import { CURRENCIES } from '../lib/currencies.ts';
import type { SandboxContext } from '../lib/context.ts';
import { BET_PAGE_DEFAULT, BET_PAGE_MAX } from './bet-records.ts';
import {
  isValidAmountMinor,
  isValidReference,
  isValidUsername,
  TRANSFER_TYPES,
  type GamesStore,
} from './games.store.ts';
import { findProvider } from './providers.ts';

const createBody = z.object({
  username: z.string().refine(isValidUsername).optional(),
  password: z.string().min(6).max(64).optional(),
  currency: z.enum(CURRENCIES).optional(),
});
const passwordBody = z.object({ password: z.string().min(6).max(64).optional() });
const betsQuery = z.object({
  cursor: z.string().max(100).optional(),
  username: z.string().refine(isValidUsername).optional(),
  limit: z.coerce.number().int().min(1).max(BET_PAGE_MAX).default(BET_PAGE_DEFAULT),
});

type ProviderParams = { provider: string; username?: string; reference?: string };

/** The transfer-mode provider API (docs/design.md#outside-parties): one set of calls per provider under /games/<CODE>. */
export function gamesRoutes(ctx: SandboxContext, store: GamesStore) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireBearer(ctx.secrets.GAME_API_KEY));

    const providerOf = (request: FastifyRequest) =>
      findProvider((request.params as ProviderParams).provider)?.code;

    app.post('/games/:provider/members', async (request, reply) => {
      const provider = providerOf(request);
      if (!provider) return send(reply, error(404, 'PROVIDER_NOT_FOUND'));
      const parsed = createBody.safeParse(request.body ?? {});
      if (!parsed.success) return send(reply, error(400, 'INVALID_PARAMS'));
      return answerCall(ctx, store.faultsOf(provider), reply, () =>
        store.createMember(provider, parsed.data),
      );
    });

    app.get('/games/:provider/members/:username/balance', async (request, reply) => {
      const provider = providerOf(request);
      if (!provider) return send(reply, error(404, 'PROVIDER_NOT_FOUND'));
      const { username = '' } = request.params as ProviderParams;
      return answerCall(ctx, store.faultsOf(provider), reply, () =>
        store.balance(provider, username),
      );
    });

    for (const type of TRANSFER_TYPES) {
      app.post(`/games/:provider/${type}`, async (request, reply) => {
        const provider = providerOf(request);
        if (!provider) return send(reply, error(404, 'PROVIDER_NOT_FOUND'));
        const body = (request.body ?? {}) as {
          username?: unknown;
          reference?: unknown;
          amountMinor?: unknown;
        };
        if (!isValidReference(body.reference)) return send(reply, error(400, 'INVALID_REFERENCE'));
        if (!isValidUsername(body.username)) return send(reply, error(400, 'INVALID_USERNAME'));
        if (!isValidAmountMinor(body.amountMinor)) return send(reply, error(400, 'INVALID_AMOUNT'));
        const input = {
          type,
          username: body.username,
          reference: body.reference,
          amountMinor: body.amountMinor,
        };
        return answerMoneyCall(ctx, store.faultsOf(provider), reply, (isRejected) =>
          store.transfer(provider, input, isRejected),
        );
      });
    }

    // Never faulted beyond latency: it is how the caller settles an unknown outcome.
    app.get('/games/:provider/transfers/:reference', async (request, reply) => {
      const provider = providerOf(request);
      if (!provider) return send(reply, error(404, 'PROVIDER_NOT_FOUND'));
      const faults = store.faultsOf(provider);
      if (faults.latencyMs > 0) await ctx.hangs.wait(faults.latencyMs);
      return reply.send(
        store.transferStatus(provider, (request.params as ProviderParams).reference ?? ''),
      );
    });

    // The betting history: settled bets after a cursor, of one account or of all, a page at a time.
    app.get('/games/:provider/bets', async (request, reply) => {
      const provider = providerOf(request);
      if (!provider) return send(reply, error(404, 'PROVIDER_NOT_FOUND'));
      const parsed = betsQuery.safeParse(request.query ?? {});
      if (!parsed.success) return send(reply, error(400, 'INVALID_PARAMS'));
      const { username, cursor, limit } = parsed.data;
      return answerCall(ctx, store.faultsOf(provider), reply, () => {
        if (username !== undefined && !store.getAccount(provider, username))
          return error(404, 'USER_NOT_FOUND');
        return store.bets.read(provider, {
          limit,
          ...(cursor === undefined ? {} : { cursor }),
          ...(username === undefined ? {} : { username }),
        });
      });
    });

    app.post('/games/:provider/members/:username/password', async (request, reply) => {
      const provider = providerOf(request);
      if (!provider) return send(reply, error(404, 'PROVIDER_NOT_FOUND'));
      const parsed = passwordBody.safeParse(request.body ?? {});
      if (!parsed.success) return send(reply, error(400, 'INVALID_PARAMS'));
      const { username = '' } = request.params as ProviderParams;
      return answerCall(ctx, store.faultsOf(provider), reply, () =>
        store.resetPassword(provider, username, parsed.data.password),
      );
    });

    app.post('/games/:provider/members/:username/launch', async (request, reply) => {
      const found = findProvider((request.params as ProviderParams).provider);
      if (!found) return send(reply, error(404, 'PROVIDER_NOT_FOUND'));
      if (!found.hasLaunch) return send(reply, error(400, 'LAUNCH_NOT_SUPPORTED'));
      const parsed = passwordBody.safeParse(request.body ?? {});
      if (!parsed.success) return send(reply, error(400, 'INVALID_PARAMS'));
      const { username = '' } = request.params as ProviderParams;
      return answerCall(ctx, store.faultsOf(found.code), reply, () => {
        const result = store.launch(found.code, username, parsed.data.password);
        if (!('token' in result)) return result;
        const origin = `${request.protocol}://${request.host}`;
        return ok({
          url: `${origin}/games/${found.code}/play?token=${encodeURIComponent(result.token)}`,
        });
      });
    });
  };
}
