import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@/app.ts';
import { ConfigError, loadConfig } from '@/config.ts';
import { startMetricsListener } from '@/plugins/observability.ts';

/** How long a stopping process waits for its in-flight requests and jobs (docs/decisions/0019-cluster-and-faults.md). */
const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

function shutdownTimeoutMs(): number {
  const raw = process.env.SHUTDOWN_TIMEOUT_MS;
  if (raw === undefined || raw === '') return DEFAULT_SHUTDOWN_TIMEOUT_MS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 600_000) {
    console.error('SHUTDOWN_TIMEOUT_MS: must be a number of milliseconds from 0 to 600000');
    process.exit(1);
  }
  return value;
}

/**
 * From the signal on, every new request (on a connection still open) is refused at once: /health/ready answers 503
 * `draining`, so a balancer stops sending; anything else SERVICE_UNAVAILABLE with `Connection: close`, which a client
 * may send again elsewhere since nothing ran. Requests already handed to the app are not affected.
 */
function refuseNewRequests(app: FastifyInstance) {
  const onDrainingRequest = (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '').split('?')[0];
    const isLive = path === '/health/live';
    const body =
      path === '/health/ready'
        ? { status: 'draining' }
        : isLive
          ? { status: 'live' }
          : { message: 'SERVICE_UNAVAILABLE' };
    response.writeHead(isLive ? 200 : 503, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'close',
    });
    response.end(JSON.stringify(body));
  };
  app.server.removeAllListeners('request');
  app.server.on('request', onDrainingRequest);
  // No new chat socket either: the client reconnects, through the balancer to another process.
  app.server.removeAllListeners('upgrade');
  app.server.on('upgrade', (_request: IncomingMessage, socket: Duplex) => socket.destroy());
}

/**
 * Graceful stop: refuse new requests, stop listening, let the in-flight requests finish (keep-alive connections are
 * closed as soon as they are idle), then app.close() stops the chat sockets, the jobs and the pools. Past
 * SHUTDOWN_TIMEOUT_MS the remaining connections are cut (exit 1): any money call cut there is idempotent and settled
 * by the reconciliation jobs of the other processes.
 */
async function stopGracefully(
  app: FastifyInstance,
  metricsListener: FastifyInstance | null,
  timeoutMs: number,
): Promise<number> {
  refuseNewRequests(app);
  const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
  let timer: NodeJS.Timeout | undefined;
  const closing = Promise.all([app.close(), metricsListener?.close()]);
  const isInTime = await Promise.race([
    closing.then(() => true),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    }),
  ]);
  clearTimeout(timer);
  clearInterval(reaper);
  if (isInTime) return 0;
  app.log.warn({ timeoutMs }, 'shutdown timed out; closing the remaining connections');
  app.server.closeAllConnections();
  // The pools and jobs still get a moment to close after the connections are cut.
  await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  return 1;
}

async function main() {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const timeoutMs = shutdownTimeoutMs();

  const app = await buildApp({ config, isJobsEnabled: config.JOBS_ENABLED });
  const metricsListener = config.METRICS_PORT
    ? await startMetricsListener(app.metrics, config.METRICS_HOST, config.METRICS_PORT)
    : null;
  let isStopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (isStopping) {
      // A second Ctrl-C: stop at once.
      app.log.warn({ signal }, 'second signal while shutting down; exiting now');
      process.exit(1);
    }
    isStopping = true;
    app.log.info({ signal, timeoutMs }, 'shutting down: draining requests');
    void stopGracefully(app, metricsListener, timeoutMs).then(
      (code) => {
        app.log.info({ code }, 'shut down');
        process.exit(code);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
