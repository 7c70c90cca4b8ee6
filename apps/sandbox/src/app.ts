import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { SandboxSecrets } from '@mekong/contracts/installation-secrets';
import { createContext } from './lib/context.ts';
import { sendError } from './lib/errors.ts';
import type { SandboxPart } from './lib/parts.ts';
import { bankPart } from './bank/bank.part.ts';
import { bankRoutes } from './bank/bank.routes.ts';
import { createBankStore } from './bank/bank.store.ts';
import { gamesControls } from './games/games.controls.ts';
import { gamesPart } from './games/games.part.ts';
import { gamesRoutes } from './games/games.routes.ts';
import { createGamesStore } from './games/games.store.ts';
import { indexPage } from './index-page.ts';
import { qrControls } from './qr/qr.controls.ts';
import { qrPart } from './qr/qr.part.ts';
import { qrRoutes } from './qr/qr.routes.ts';
import { createQrStore } from './qr/qr.store.ts';
import { slipControls } from './slip/slip.controls.ts';
import { slipPart } from './slip/slip.part.ts';
import { slipRoutes } from './slip/slip.routes.ts';
import { createSlipStore } from './slip/slip.store.ts';
import { smsPart } from './sms/sms.part.ts';
import { smsRoutes } from './sms/sms.routes.ts';
import { createSmsStore } from './sms/sms.store.ts';
import { trueMoneyPart } from './truemoney/truemoney.part.ts';
import { trueMoneyRoutes } from './truemoney/truemoney.routes.ts';
import { createTrueMoneyStore } from './truemoney/truemoney.store.ts';

export type SandboxOptions = {
  logger?: boolean;
  /** Clock in ms since the epoch; tests replace it to move time. */
  now?: () => number;
  /** Uniform random in [0, 1); tests replace it for exact outcomes. */
  random?: () => number;
  /** How the QR gateways deliver their webhooks; tests can route them to `server.inject()`. */
  fetch?: typeof fetch;
  /** The API keys it accepts and the QR gateways' webhook secrets; unset ones keep the published defaults. */
  secrets?: Partial<SandboxSecrets>;
};

/** Builds the sandbox: simulators of every outside party, each in its own module folder, all kept in memory. */
export async function buildSandbox(opts: SandboxOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ? { level: process.env.LOG_LEVEL ?? 'info' } : false,
    // Deliberately hung requests (time-out faults) must not hold up closing.
    forceCloseConnections: true,
    bodyLimit: 1024 * 1024,
    // One short line per call (below) instead of Fastify's two JSON lines.
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      `${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)}ms`,
    );
  });
  const ctx = createContext({ now: opts.now, random: opts.random, secrets: opts.secrets });
  app.addHook('preClose', async () => ctx.hangs.releaseAll());

  app.setErrorHandler((error: { statusCode?: number; code?: string }, _request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500
        ? error.statusCode
        : 500;
    if (status === 500) app.log.error(error);
    return sendError(reply, status, status === 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST', {
      detail: error.code,
    });
  });
  app.setNotFoundHandler((_request, reply) => sendError(reply, 404, 'NOT_FOUND'));

  // The index page's forms post plain HTML forms.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  const sms = createSmsStore(ctx);
  const games = createGamesStore(ctx);
  const bank = createBankStore(ctx);
  const qr = createQrStore(ctx, { fetch: opts.fetch });
  const slip = createSlipStore(ctx);
  const trueMoney = createTrueMoneyStore(ctx);
  const parts: SandboxPart[] = [
    smsPart(sms),
    gamesPart(games),
    bankPart(),
    qrPart(qr),
    slipPart(slip),
    trueMoneyPart(trueMoney),
  ];

  await app.register(smsRoutes(ctx, sms));
  await app.register(gamesRoutes(ctx, games));
  await app.register(gamesControls(ctx, games));
  await app.register(bankRoutes(ctx, bank, slip));
  await app.register(qrRoutes(ctx, qr));
  await app.register(qrControls(qr));
  await app.register(slipRoutes(ctx, slip));
  await app.register(slipControls(ctx, slip, bank));
  await app.register(trueMoneyRoutes(ctx, trueMoney));
  await app.register(indexPage(parts));
  return app;
}
