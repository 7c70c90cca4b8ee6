import fp from 'fastify-plugin';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Metrics } from '@/lib/metrics.ts';
import { REQUEST_ID_HEADER, runWithRequestId } from '@/lib/request-context.ts';

export type ReadinessCheck = { name: string; check: () => Promise<'ok' | 'disabled'> };

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyInstance {
    metrics: Metrics;
  }
}

const CHECK_TIMEOUT_MS = 2000;

async function runCheck(check: ReadinessCheck): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      check.check(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
      }),
    ]);
  } catch {
    return 'failing';
  } finally {
    clearTimeout(timer);
  }
}

/** Serves the metrics text (the public port when configured, and the private metrics listener of server.ts). */
export async function sendMetrics(metrics: Metrics, reply: FastifyReply) {
  return reply
    .type(metrics.contentType)
    .header('cache-control', 'no-store')
    .send(await metrics.render());
}

/**
 * Request ids, health and metrics (docs/operations.md): every request runs with its id (kept from a well-formed
 * `X-Request-Id`, else new), answers it in `X-Request-Id`, logs it, and carries it to every outside call;
 * /health/live says the process answers, /health/ready that its database, Redis and job engine do.
 */
export const observability = fp<{
  metrics: Metrics;
  checks: ReadinessCheck[];
  isMetricsPublic: boolean;
}>(
  async (app: FastifyInstance, { metrics, checks, isMetricsPublic }) => {
    app.decorate('metrics', metrics);
    app.addHook('onRequest', (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      runWithRequestId(request.id, done);
    });
    app.addHook('onResponse', async (request, reply) => {
      metrics.observeRequest(
        {
          method: request.method,
          // The pattern, never the raw URL: ids in paths would make a series per member.
          route: request.routeOptions.url ?? 'unmatched',
          status: reply.statusCode,
        },
        reply.elapsedTime / 1000,
      );
    });

    app.get('/health/live', async (_request, reply) =>
      reply.header('cache-control', 'no-store').send({ status: 'live' }),
    );
    app.get('/health/ready', async (_request, reply) => {
      const results = await Promise.all(
        checks.map(async (c) => [c.name, await runCheck(c)] as const),
      );
      const isReady = results.every(([, result]) => result !== 'failing');
      return reply
        .code(isReady ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status: isReady ? 'ready' : 'not_ready', checks: Object.fromEntries(results) });
    });
    if (isMetricsPublic)
      app.get('/metrics', async (_request, reply) => sendMetrics(metrics, reply));
  },
  { name: 'observability' },
);

/** The private metrics listener of server.ts (METRICS_PORT): only /metrics, on an address of its own. */
export async function startMetricsListener(metrics: Metrics, host: string, port: number) {
  const listener = Fastify({ logger: false });
  listener.get('/metrics', async (_request, reply) => sendMetrics(metrics, reply));
  await listener.listen({ host, port });
  return listener;
}
