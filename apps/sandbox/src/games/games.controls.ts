import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { error, send } from '../lib/answer.ts';
import type { SandboxContext } from '../lib/context.ts';
import {
  invalidParams,
  listByProviderQuery,
  providerCodeSchema,
  registerProviderFaultControls,
} from '../lib/provider-controls.ts';
import { escapeHtml, page } from '../lib/html.ts';
import type { GamesStore } from './games.store.ts';
import { GAME_PROVIDERS, findProvider, type GameProviderCode } from './providers.ts';

const providerCode = providerCodeSchema(findProvider);
const minor = z.number().int().min(0).max(1e13);
const playBody = z.strictObject({
  provider: providerCode,
  username: z.string(),
  rounds: z.number().int().min(1).max(10_000).optional(),
  betMinor: minor.min(1).optional(),
  results: z
    .array(z.strictObject({ betMinor: minor, winMinor: minor }))
    .min(1)
    .max(10_000)
    .optional(),
  /** When the play happened, for trying what looks back in time (the weekly refund): at most 60 days ago, not ahead. */
  playedAt: z.iso.datetime().optional(),
});
const PLAYED_AT_MAX_AGE_MS = 60 * 86_400_000;
const autoplayBody = z.strictObject({
  enabled: z.boolean(),
  intervalMs: z.number().int().min(100).max(3_600_000).optional(),
  betMinor: minor.min(1).optional(),
});

const baht = (minorUnits: number) => (minorUnits / 100).toFixed(2);

/** Sandbox-only controls of the game providers: simulated play, background play, fault switches, a play page. */
export function gamesControls(ctx: SandboxContext, store: GamesStore) {
  return async (app: FastifyInstance) => {
    let autoplay = { enabled: false, intervalMs: 3000, betMinor: 1000 };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onClose', async () => clearInterval(timer));

    app.get('/sandbox/games', async () =>
      GAME_PROVIDERS.map((p) => ({
        ...p,
        accounts: store.listAccounts(p.code).length,
        faults: store.faultsOf(p.code),
      })),
    );

    app.get('/sandbox/games/accounts', async (request, reply) =>
      listByProviderQuery(request, reply, findProvider, store.listAccounts),
    );

    app.get('/sandbox/games/bets', async (request, reply) => {
      const { username } = request.query as { username?: string };
      return listByProviderQuery(request, reply, findProvider, (code) =>
        store.bets.list(code, username),
      );
    });

    app.post('/sandbox/games/play', async (request, reply) => {
      const parsed = playBody.safeParse(request.body);
      if (!parsed.success) return send(reply, invalidParams(parsed.error.issues));
      const { provider, username, playedAt, ...rest } = parsed.data;
      const at = playedAt === undefined ? undefined : Date.parse(playedAt);
      if (at !== undefined && (at > ctx.now() || at < ctx.now() - PLAYED_AT_MAX_AGE_MS))
        return send(reply, error(400, 'INVALID_PARAMS'));
      const account = store.getAccount(provider, username);
      if (!account) return send(reply, error(404, 'USER_NOT_FOUND'));
      return send(reply, store.play(account, { ...rest, playedAt: at }));
    });

    app.get('/sandbox/games/autoplay', async () => autoplay);
    app.post('/sandbox/games/autoplay', async (request, reply) => {
      const parsed = autoplayBody.safeParse(request.body);
      if (!parsed.success) return send(reply, error(400, 'INVALID_PARAMS'));
      autoplay = { ...autoplay, ...parsed.data };
      clearInterval(timer);
      timer = undefined;
      if (autoplay.enabled) {
        timer = setInterval(() => store.playEverywhere(autoplay.betMinor), autoplay.intervalMs);
        timer.unref();
      }
      return autoplay;
    });

    registerProviderFaultControls(app, '/sandbox/games', {
      codes: GAME_PROVIDERS.map((p) => p.code),
      find: findProvider,
      faultsOf: store.faultsOf,
      setFaults: store.setFaults,
    });

    // The launch link's target: a tiny game a person can play in the browser.
    const playPage = (code: GameProviderCode, token: string, message = '') => {
      const account = store.accountForLaunchToken(code, token);
      if (!account) return page('Game', '<h1>Game</h1><p>This launch link is not valid.</p>');
      const name = findProvider(code)?.name ?? code;
      return page(
        `${name} (sandbox)`,
        `<h1>${escapeHtml(name)} <span class="muted">sandbox</span></h1>
<section>
<p>Player <b>${escapeHtml(account.username)}</b></p>
<p>Balance <span class="code">${escapeHtml(baht(account.balanceMinor))}</span> ${escapeHtml(account.currency)}</p>
${message ? `<p>${escapeHtml(message)}</p>` : ''}
<form method="post" action="?token=${encodeURIComponent(token)}">
<label>Bet <input name="bet" type="number" min="1" step="1" value="10" style="width:6em"></label>
<button type="submit">Spin</button>
</form>
</section>`,
      );
    };

    app.get('/games/:provider/play', async (request, reply) => {
      const found = findProvider((request.params as { provider: string }).provider);
      const { token = '' } = request.query as { token?: string };
      if (!found) return send(reply, error(404, 'PROVIDER_NOT_FOUND'));
      return reply.type('text/html; charset=utf-8').send(playPage(found.code, token));
    });

    app.post('/games/:provider/play', async (request, reply) => {
      const found = findProvider((request.params as { provider: string }).provider);
      const { token = '' } = request.query as { token?: string };
      if (!found) return send(reply, error(404, 'PROVIDER_NOT_FOUND'));
      const account = store.accountForLaunchToken(found.code, token);
      let message = '';
      if (account) {
        const bet = Math.round(
          Number((request.body as { bet?: string } | undefined)?.bet ?? 10) * 100,
        );
        if (!Number.isSafeInteger(bet) || bet <= 0) message = 'Enter a bet.';
        else if (account.balanceMinor === 0)
          message = 'No balance: transfer money to this game first.';
        else {
          const result = store.play(account, { rounds: 1, betMinor: bet }).body as {
            rounds: { betMinor: number; winMinor: number }[];
          };
          const round = result.rounds[0];
          message = round ? `Bet ${baht(round.betMinor)}, won ${baht(round.winMinor)}.` : '';
        }
      }
      return reply.type('text/html; charset=utf-8').send(playPage(found.code, token, message));
    });
  };
}
