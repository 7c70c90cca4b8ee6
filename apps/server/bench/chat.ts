/**
 * `npm run bench:chat`: delivery latency of the support chat across two server processes (issue 12). Two real servers
 * (tsx src/server.ts) share PostgreSQL (DATABASE_URL, a fresh schema) and Redis (REDIS_URL); guests are connected to A
 * and one agent to B. Each message is timed from the start of its HTTP send to its arrival on the other side's socket,
 * one at a time: BENCH_CHAT_MESSAGES (1000) guest(A) → agent(B), then as many agent(B) → guest(A). Guests send at most 30
 * messages a minute (docs/decisions/0015-support-chat.md), so the messages are spread over 40 guests (whose addresses
 * come from X-Forwarded-For, the servers trusting one proxy hop). Writes the figures to docs/benchmarks.md.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { CHAT_SOCKET } from '@mekong/contracts/chat';
import {
  agentHeaders,
  clusterEnv,
  createCluster,
  guestHeaders,
  postJson,
  type ServerProcess,
} from '../test/cluster/support/servers.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 1000);
const GUESTS = 40;

type Stored = { clientId: string; session_id: string };

function socketOn(
  server: ServerProcess,
  namespace: string,
  auth: Record<string, unknown>,
): Promise<Socket> {
  const socket = connectSocket(`${server.url}${namespace}`, {
    path: CHAT_SOCKET.path,
    auth,
    transports: ['websocket'],
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
  });
}

/** Resolves when a message with the client id arrives on any of the sockets. */
function arrivals(sockets: Socket[]) {
  const waiting = new Map<string, () => void>();
  for (const socket of sockets)
    socket.on(CHAT_SOCKET.messaging, (message: Stored) => waiting.get(message.clientId)?.());
  return (clientId: string) =>
    new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`message ${clientId} never arrived`)),
        10_000,
      );
      waiting.set(clientId, () => {
        clearTimeout(timer);
        waiting.delete(clientId);
        resolve(performance.now());
      });
    });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

function summary(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
    mean: sorted.reduce((s, x) => s + x, 0) / sorted.length,
  };
}

async function machineNotes(databaseUrl: string, redisUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const pgVersion = (await client.query<{ v: string }>('select version() as v')).rows[0]?.v ?? '?';
  await client.end();
  const redis = new Redis(redisUrl);
  const info = await redis.info('server');
  await redis.quit();
  const redisVersion = /redis_version:(\S+)/.exec(info)?.[1] ?? '?';
  const cpus = os.cpus();
  return {
    pg: pgVersion.split(',')[0] ?? pgVersion,
    redis: redisVersion,
    cpu: `${cpus.length} × ${cpus[0]?.model ?? '?'}`,
    memory: `${Math.round(os.totalmem() / 1024 ** 3)} GB`,
    node: process.version,
  };
}

async function main() {
  const env = clusterEnv();
  const cluster = await createCluster(env, { TRUST_PROXY: '1' });
  const sockets: Socket[] = [];
  try {
    const a = await cluster.startServer();
    await cluster.setSetting('chatWidget', { enabled: true });
    await cluster.setSetting('chat', { agentLimit: 100 });
    const b = await cluster.startServer();
    const agentToken = await cluster.operatorToken(b, 'support');
    const agent = await socketOn(b, CHAT_SOCKET.agentNamespace, { token: agentToken });
    sockets.push(agent);

    const guests: { token: string; conversationId: string }[] = [];
    for (let i = 0; i < GUESTS; i += 1) {
      const ip = `10.77.${i}.${1 + ((randomBytes(1)[0] ?? 0) % 250)}`;
      const created = await postJson(
        a,
        '/api/chat/guest',
        {},
        { 'x-client': 'member-web', 'x-forwarded-for': ip },
      );
      const token = String(created.guestToken);
      sockets.push(await socketOn(a, CHAT_SOCKET.customerNamespace, { guestToken: token }));
      const first = await postJson(
        a,
        '/api/chat/send-message',
        {
          clientId: `warm${randomBytes(8).toString('hex')}`,
          message: { message_type: 'text', payload: { message: 'hello' } },
        },
        guestHeaders(token),
      );
      const conversationId = (first.message as Stored).session_id;
      await postJson(
        b,
        `/api/admin/chat/conversations/${conversationId}/assign`,
        {},
        agentHeaders(agentToken),
      );
      await agent.emitWithAck(CHAT_SOCKET.watch, { conversationId });
      guests.push({ token, conversationId });
    }
    const toAgent = arrivals([agent]);
    const toGuest = arrivals(sockets.filter((s) => s !== agent));

    const inbound: number[] = [];
    const outbound: number[] = [];
    const started = Date.now();
    for (let i = 0; i < MESSAGES; i += 1) {
      const guest = guests[i % GUESTS]!;
      const clientId = `in${i}x${randomBytes(6).toString('hex')}`;
      const arrived = toAgent(clientId);
      const t0 = performance.now();
      await postJson(
        a,
        '/api/chat/send-message',
        { clientId, message: { message_type: 'text', payload: { message: `guest message ${i}` } } },
        guestHeaders(guest.token),
      );
      inbound.push((await arrived) - t0);
    }
    for (let i = 0; i < MESSAGES; i += 1) {
      const guest = guests[i % GUESTS]!;
      const clientId = `out${i}x${randomBytes(6).toString('hex')}`;
      const arrived = toGuest(clientId);
      const t0 = performance.now();
      await postJson(
        b,
        `/api/admin/chat/conversations/${guest.conversationId}/send`,
        { clientId, message: { message_type: 'text', payload: { message: `agent answer ${i}` } } },
        agentHeaders(agentToken),
      );
      outbound.push((await arrived) - t0);
    }
    const seconds = (Date.now() - started) / 1000;
    const load = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    const notes = await machineNotes(env.databaseUrl, env.redisUrl);
    const i = summary(inbound);
    const o = summary(outbound);
    const ms = (x: number) => x.toFixed(1);
    const isMet = i.p99 < 100 && o.p99 < 100;
    const body = `## Support chat: delivery across two server processes

\`npm run bench:chat\` (apps/server/bench/chat.ts): two server processes (tsx src/server.ts, jobs off) sharing PostgreSQL
and Redis (the Socket.IO Redis streams adapter); ${GUESTS} guests on process A, one agent on process B watching their
conversations. Each message is timed from the start of its HTTP send (the guest's POST /api/chat/send-message to A;
the agent's POST /api/admin/chat/conversations/:id/send to B, with its audit record) until the other side's socket
receives it, one message at a time, ${MESSAGES} each way. The bench (clients), both servers, PostgreSQL and Redis share one
machine. Goal: p99 < 100 ms.

Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · ${notes.pg} · Redis ${notes.redis} · Node ${notes.node} ·
${notes.cpu} · ${notes.memory} · load average after the run ${load} · ${seconds.toFixed(0)} s for both directions.

| Direction | Messages | p50 | p99 | max | mean |
| --- | ---: | ---: | ---: | ---: | ---: |
| guest (A) → agent (B) | ${inbound.length} | ${ms(i.p50)} ms | ${ms(i.p99)} ms | ${ms(i.max)} ms | ${ms(i.mean)} ms |
| agent (B) → guest (A) | ${outbound.length} | ${ms(o.p50)} ms | ${ms(o.p99)} ms | ${ms(o.max)} ms | ${ms(o.mean)} ms |

Goal p99 < 100 ms: ${isMet ? 'met' : 'NOT met'} on this machine.`;
    console.log(body);
    writeReport(body);
  } finally {
    for (const socket of sockets) socket.close();
    await cluster.close();
  }
}

function writeReport(body: string) {
  const path = `${root}docs/benchmarks.md`;
  const existing = existsSync(path) ? readFileSync(path, 'utf8') : '# Benchmarks\n';
  const block = `<!-- bench:chat -->\n${body}\n<!-- /bench:chat -->`;
  const pattern = /<!-- bench:chat -->[\s\S]*?<!-- \/bench:chat -->/;
  writeFileSync(
    path,
    pattern.test(existing)
      ? existing.replace(pattern, block)
      : `${existing.trimEnd()}\n\n${block}\n`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
