import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetricsListener } from '@/plugins/observability.ts';
import { signedInMember, uniquePhone } from './support/members.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/** docs/operations.md: request ids carried to outside calls, health, metrics. */

let t: TestApp;
let publicMetrics: TestApp;
let sms: Server;
const smsHeaders: IncomingHttpHeaders[] = [];

async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  // An SMS gateway that records what it is sent and answers like the real one.
  sms = createServer((request, response) => {
    smsHeaders.push(request.headers);
    request.resume();
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({ status: 'success', data: { token: 'sms-token-1', refno: 'REF123' } }),
      );
    });
  });
  await new Promise<void>((resolve) => sms.listen(0, '127.0.0.1', resolve));
  const { port } = sms.address() as { port: number };
  t = await createTestApp({ SMS_GATEWAY_URL: `http://127.0.0.1:${port}` });
  publicMetrics = await createTestApp({ METRICS_ON_PUBLIC_PORT: 'true' });
});
afterAll(async () => {
  await t?.close();
  await publicMetrics?.close();
  await new Promise<void>((resolve) => sms.close(() => resolve()));
});

describe('request ids', () => {
  it('answers every request with an id, keeps a well-formed one given and replaces a malformed one', async () => {
    const fresh = await t.api('GET', '/api/lookup/banks');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const given = await t.api('GET', '/api/lookup/banks', {
      headers: { 'x-request-id': 'balancer-abc-12345' },
    });
    expect(given.headers['x-request-id']).toBe('balancer-abc-12345');

    for (const bad of ['short', 'x'.repeat(65), 'bad id with spaces', 'a\u0001bcdefghij']) {
      const replaced = await t.api('GET', '/api/lookup/banks', {
        headers: { 'x-request-id': bad },
      });
      expect(replaced.headers['x-request-id']).not.toBe(bad);
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('carries the request id to the outside call the request makes (the SMS gateway)', async () => {
    smsHeaders.length = 0;
    const send = await t.api('POST', '/api/otp/send', {
      body: { phoneNumber: uniquePhone() },
      headers: { 'x-request-id': 'trace-otp-send-0001' },
    });
    expect(send.statusCode).toBe(200);
    expect(smsHeaders.map((h) => h['x-request-id'])).toEqual(['trace-otp-send-0001']);
  });
});

describe('health', () => {
  it('is live and ready, naming what it checked', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'live' });

    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: {
        database: 'ok',
        redis: process.env.REDIS_URL ? 'ok' : 'disabled',
        // Tests never start the job scheduler.
        jobs: 'disabled',
      },
    });
  });

  it('is not ready, naming Redis, while Redis cannot be reached', async () => {
    const down = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    try {
      const ready = await down.app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        status: 'not_ready',
        checks: { database: 'ok', redis: 'failing' },
      });
      expect((await down.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    } finally {
      await down.close();
    }
  });
});

describe('metrics', () => {
  it('are not served on the public port unless configured', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(page.body).not.toContain('mekong_http_request_duration_seconds');
  });

  it('count requests per route pattern, ledger transfers and job runs', async () => {
    const member = await signedInMember(publicMetrics);
    await publicMetrics.api('GET', '/api/wallet', { token: member.token });
    await publicMetrics.app.jobs.runNow(publicMetrics.app.jobs.jobNames[0] ?? '');

    const page = await publicMetrics.app.inject({ method: 'GET', url: '/metrics' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/plain');
    const text = page.body;
    expect(text).toMatch(
      /mekong_http_request_duration_seconds_count\{method="GET",route="\/api\/wallet",status="200"\} 1/,
    );
    expect(text).toContain('mekong_ledger_posted_transfers_24h');
    expect(text).toContain('mekong_ledger_pending_transfers');
    expect(text).toMatch(
      new RegExp(
        `mekong_job_duration_seconds_count\\{job="${publicMetrics.app.jobs.jobNames[0]}"\\} 1`,
      ),
    );
    expect(text).toContain('mekong_process_cpu_seconds_total');
    // Never a series per member: paths with ids are reported by their pattern.
    expect(text).not.toContain(member.token);
  });

  it('are served by the private listener of server.ts on an address of its own', async () => {
    const port = await freePort();
    const listener = await startMetricsListener(t.app.metrics, '127.0.0.1', port);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('mekong_http_request_duration_seconds');
      expect((await fetch(`http://127.0.0.1:${port}/api/wallet`)).status).toBe(404);
    } finally {
      await listener.close();
    }
  });
});
