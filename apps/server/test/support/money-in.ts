import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { QR_PROVIDERS } from '@mekong/contracts/constants';
import { buildSandbox } from '@mekong/sandbox/app';
import { createTestApp, type TestApp } from './test-app.ts';

export type MoneyInTestApp = TestApp & {
  /**
   * The money-in sandbox (QR gateways, slip verifier, TrueMoney): its QR gateways deliver their webhooks straight
   * into the server (app.inject).
   */
  gatewayUrl: string;
  gatewayPost(path: string, body: unknown): Promise<{ status: number; json: unknown }>;
};

/**
 * The test app with every money-in adapter pointed at a second sandbox (same test clock) whose QR gateways deliver
 * webhooks by inject, since the server under test does not listen.
 */
export async function createMoneyInTestApp(
  overrides: Record<string, string> | ((gatewayUrl: string) => Record<string, string>) = {},
): Promise<MoneyInTestApp> {
  // Known only once the server is built, after the sandbox it calls back.
  const late: { server?: FastifyInstance; now?: () => number } = {};
  // The installation's webhook secrets, as `npm start` hands them to both (never the sandbox's published defaults).
  const secrets = Object.fromEntries(
    QR_PROVIDERS.map((p) => [`QR_WEBHOOK_SECRET_${p}`, randomBytes(32).toString('base64url')]),
  );
  const gateway = await buildSandbox({
    logger: false,
    secrets,
    now: () => (late.now ? late.now() : Date.now()),
    fetch: async (input, init) => {
      const server = late.server;
      if (!server) throw new Error('server not built yet');
      const url = new URL(String(input));
      const response = await server.inject({
        method: 'POST',
        url: `${url.pathname}${url.search}`,
        headers: init?.headers as Record<string, string>,
        payload: String(init?.body ?? ''),
      });
      return new Response(response.body, { status: response.statusCode });
    },
  });
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  const address = gateway.server.address();
  if (!address || typeof address === 'string') throw new Error('gateway sandbox did not listen');
  const gatewayUrl = `http://127.0.0.1:${address.port}`;

  let t: TestApp;
  try {
    t = await createTestApp({
      QR_GATEWAY_URL: `${gatewayUrl}/qr`,
      QR_TIMEOUT_MS: '2000',
      PUBLIC_URL: 'http://wallet.test',
      SLIP_VERIFIER_URL: `${gatewayUrl}/slip`,
      TRUEMONEY_URL: gatewayUrl,
      SLIP_TIMEOUT_MS: '2000',
      TRUEMONEY_TIMEOUT_MS: '2000',
      ...secrets,
      ...(typeof overrides === 'function' ? overrides(gatewayUrl) : overrides),
    });
  } catch (error) {
    await gateway.close();
    throw error;
  }
  late.server = t.app;
  late.now = () => t.clock.now().getTime();
  return {
    ...t,
    gatewayUrl,
    async gatewayPost(path, body) {
      const response = await fetch(`${gatewayUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, json: await response.json() };
    },
    async close() {
      await t.close();
      await gateway.close();
    },
  };
}
