// The small load balancer of `npm run start:cluster` (docs/decisions/0019-cluster-and-faults.md): round robin over the
// server processes that answer /health/ready, WebSocket upgrades (the chat's Socket.IO) proxied too. For local use
// and the fault suite; a deployment puts its own balancer in front, with the same health check.
import { createHash } from 'node:crypto';
import { Agent, createServer } from 'node:http';
import { Readable } from 'node:stream';
import { createProxyServer } from 'http-proxy-3';

const UNAVAILABLE = JSON.stringify({ message: 'SERVICE_UNAVAILABLE' });

/** How long an idle client connection stays open (announced in Keep-Alive). */
const KEEP_ALIVE_MS = 65_000;

/** Request bodies up to this size are read whole before proxying, so they can go to another target (the API's are 64 KB at most). */
const MAX_REPLAYABLE_BODY = 1024 * 1024;

/** The chat's Socket.IO path: its HTTP long-polling requests must keep to one process (sticky by client address). */
const SOCKET_IO_PATH = '/socket.io/';

/**
 * @param {{ targets: string[], healthPath?: string, healthIntervalMs?: number, onEvent?: (text: string) => void }} options
 */
export function createBalancer({
  targets,
  healthPath = '/health/ready',
  healthIntervalMs = 1000,
  onEvent = () => undefined,
}) {
  // Every target starts out of rotation until its first health check passes.
  const pool = targets.map((url) => ({ url, isHealthy: false, served: 0 }));
  let turn = 0;
  let isClosed = false;

  const setHealth = (target, isHealthy, why) => {
    if (target.isHealthy === isHealthy) return;
    target.isHealthy = isHealthy;
    onEvent(`${target.url} ${isHealthy ? 'in rotation' : `out of rotation (${why})`}`);
  };

  const healthy = () => pool.filter((t) => t.isHealthy);

  /** Round robin; a Socket.IO request keeps to one process per client address (polling needs it; WebSocket does not). */
  function pick(request, tried = new Set()) {
    const candidates = healthy().filter((t) => !tried.has(t));
    if (candidates.length === 0) return null;
    if ((request.url ?? '').startsWith(SOCKET_IO_PATH)) {
      const address = request.socket.remoteAddress ?? '';
      const hash = createHash('sha1').update(address).digest().readUInt32BE(0);
      return candidates[hash % candidates.length];
    }
    turn = (turn + 1) % candidates.length;
    return candidates[turn];
  }

  async function checkOne(target) {
    try {
      const response = await fetch(`${target.url}${healthPath}`, {
        signal: AbortSignal.timeout(2000),
      });
      await response.arrayBuffer();
      setHealth(target, response.ok, `health ${response.status}`);
    } catch (error) {
      setHealth(target, false, error?.cause?.code ?? error?.name ?? 'error');
    }
  }

  let timer;
  async function healthLoop() {
    if (isClosed) return;
    await Promise.all(pool.map(checkOne));
    if (!isClosed) timer = setTimeout(() => void healthLoop(), healthIntervalMs);
  }

  // A new connection per request: a target that died then refuses it (ECONNREFUSED: it never saw the request, so the
  // request can go to the next one), where a reused keep-alive connection would only be reset, which can also mean it
  // died while handling it.
  const proxy = createProxyServer({ xfwd: true, agent: new Agent({ keepAlive: false }) });
  // Errors are answered per request below; this keeps an unexpected one from ending the process.
  proxy.on('error', () => undefined);
  // The target's Keep-Alive hint is about its connection to us, not ours to the client: a client trusting it would
  // reuse a connection this server has already closed. Clients get ours (below).
  proxy.on('proxyRes', (proxyResponse) => {
    delete proxyResponse.headers['keep-alive'];
  });

  /**
   * The target refused the connection: out of rotation until its health check passes. Other failures (a reset, the
   * client going away) only fail that request; the health check decides about the target.
   */
  const onProxyError = (target, error) => {
    if (error?.code === 'ECONNREFUSED') setHealth(target, false, 'ECONNREFUSED');
  };

  const refuse = (response) => {
    if (response.headersSent) return void response.destroy();
    response.writeHead(503, { 'content-type': 'application/json; charset=utf-8' });
    response.end(UNAVAILABLE);
  };

  /**
   * Proxies to the next target; `body` (read whole) makes the request replayable: a target that refuses the
   * connection never saw it, so it goes to the next one. A streamed body (large or chunked) is not replayed.
   */
  function forward(request, response, body, tried = new Set()) {
    const target = pick(request, tried);
    if (!target) return refuse(response);
    tried.add(target);
    target.served += 1;
    const options = { target: target.url, ...(body ? { buffer: Readable.from([body]) } : {}) };
    proxy.web(request, response, options, (error) => {
      onProxyError(target, error);
      if (body && error?.code === 'ECONNREFUSED' && !response.headersSent)
        return forward(request, response, body, tried);
      refuse(response);
    });
  }

  const server = createServer((request, response) => {
    const length = Number(request.headers['content-length'] ?? 0);
    if (request.headers['transfer-encoding'] || !(length <= MAX_REPLAYABLE_BODY))
      return forward(request, response, null);
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.once('end', () => forward(request, response, Buffer.concat(chunks)));
    request.once('error', () => response.destroy());
  });
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;

  // Upgraded sockets leave the HTTP server's bookkeeping: kept here so close() can end them.
  const upgraded = new Set();
  server.on('upgrade', (request, socket, head) => {
    const target = pick(request);
    if (!target) return void socket.destroy();
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
    target.served += 1;
    proxy.ws(request, socket, head, { target: target.url }, (error) => {
      onProxyError(target, error);
      socket.destroy();
    });
  });

  return {
    server,
    /** Each target, whether it is in rotation and how many requests it was given. */
    status: () => pool.map(({ url, isHealthy, served }) => ({ url, isHealthy, served })),
    /** Runs one round of health checks now (also started by listen). */
    checkNow: () => Promise.all(pool.map(checkOne)),
    async listen(port, host = '127.0.0.1') {
      await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve(undefined));
      });
      void healthLoop();
      const address = server.address();
      return typeof address === 'object' && address ? address.port : port;
    },
    async close() {
      isClosed = true;
      clearTimeout(timer);
      server.closeAllConnections();
      for (const socket of upgraded) socket.destroy();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
      proxy.close();
    },
  };
}
