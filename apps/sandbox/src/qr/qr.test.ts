import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readPaymentQr } from '@mekong/contracts/thai-qr';
import { buildSandbox } from '../app.ts';

const auth = { authorization: 'Bearer sandbox-qr-key' };
const START = Date.parse('2025-03-01T05:00:00.000Z');
const body = {
  reference: 'DEP000123',
  amountMinor: 50_000,
  expiresAt: new Date(START + 10 * 60_000).toISOString(),
  callbackUrl: 'http://server.test/api/webhooks/qr/KBANK',
};

type Captured = { url: string; headers: Record<string, string>; body: string };
const hmac = (raw: string, secret: string) =>
  createHmac('sha256', secret).update(raw).digest('hex');

describe('QR gateways', () => {
  let app: FastifyInstance;
  let now: number;
  let captured: Captured[];
  let answerStatus: number;

  beforeEach(async () => {
    now = START;
    captured = [];
    answerStatus = 200;
    app = await buildSandbox({
      now: () => now,
      fetch: async (input, init) => {
        captured.push({
          url: String(input),
          headers: init?.headers as Record<string, string>,
          body: String(init?.body),
        });
        return new Response('{"ok":true}', { status: answerStatus });
      },
    });
  });
  afterEach(async () => {
    await app.close();
  });

  const create = (payload: object = body, provider = 'KBANK') =>
    app.inject({ method: 'POST', url: `/qr/${provider}/payments`, headers: auth, payload });
  const status = async (reference = body.reference, provider = 'KBANK') =>
    (
      await app.inject({
        method: 'GET',
        url: `/qr/${provider}/payments/${reference}`,
        headers: auth,
      })
    ).json();
  const pay = (payload: object) => app.inject({ method: 'POST', url: '/sandbox/qr/pay', payload });

  it('creates a dynamic Thai QR bill payment whose ref1 is the reference', async () => {
    const res = await create();
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      reference: 'DEP000123',
      amountMinor: 50_000,
      expiresAt: body.expiresAt,
    });
    expect(data.paymentId).toMatch(/^KBANK-/);
    const read = readPaymentQr(data.payload);
    expect(read).toMatchObject({
      ok: true,
      qr: {
        isDynamic: true,
        amountMinor: 50_000n,
        country: 'TH',
        currency: '764',
        billPayment: { ref1: 'DEP000123' },
      },
    });
    expect(await status()).toMatchObject({
      status: 'success',
      data: { status: 'pending', reference: 'DEP000123', amountMinor: 50_000 },
    });
  });

  it('answers the same creation again and refuses the reference with other details', async () => {
    const first = await create();
    expect((await create()).json()).toEqual(first.json());
    const conflict = await create({ ...body, amountMinor: 1 });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().code).toBe('REFERENCE_CONFLICT');
    // each gateway keeps its own references
    expect((await create(body, 'ww')).statusCode).toBe(200);
  });

  it.each([
    { reference: 'dep-lower' },
    { reference: 'A'.repeat(21) },
    { amountMinor: 0 },
    { amountMinor: 1.5 },
    { expiresAt: 'tomorrow' },
    { expiresAt: new Date(START - 1).toISOString() },
    { callbackUrl: 'ftp://x' },
  ])('refuses bad input %j', async (change) => {
    const res = await create({ ...body, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_PARAMS', field: Object.keys(change)[0] });
  });

  it('requires the key and a known gateway', async () => {
    const noKey = await app.inject({ method: 'POST', url: '/qr/KBANK/payments', payload: body });
    expect(noKey.statusCode).toBe(401);
    expect((await create(body, 'NOPE')).json().code).toBe('PROVIDER_NOT_FOUND');
    expect(await status('NOPE')).toMatchObject({ code: 'PAYMENT_NOT_FOUND' });
  });

  it('pays: marks it paid and posts the notice signed with the provider secret', async () => {
    await create();
    const res = await pay({ provider: 'kbank', reference: body.reference });
    expect(res.statusCode).toBe(200);
    expect(captured).toHaveLength(1);
    const [hit] = captured;
    expect(hit!.url).toBe(body.callbackUrl);
    const notice = JSON.parse(hit!.body);
    expect(notice).toEqual({
      provider: 'KBANK',
      reference: 'DEP000123',
      amountMinor: 50_000,
      paidAt: new Date(START).toISOString(),
      transactionId: expect.stringMatching(/^KBANKTX[A-Z0-9]{12}$/),
    });
    expect(hit!.headers['x-signature']).toBe(hmac(hit!.body, 'sandbox-qr-secret-KBANK'));
    expect(res.json().data.deliveries).toEqual([
      { attempt: 1, httpStatus: 200, body: '{"ok":true}' },
    ]);
    expect(await status()).toMatchObject({
      data: { status: 'paid', paidAmountMinor: 50_000, transactionId: notice.transactionId },
    });

    // paying again re-sends the same notice, as gateways retry
    await pay({ provider: 'KBANK', reference: body.reference });
    expect(captured[1]!.body).toBe(hit!.body);
  });

  it('delivers N copies, concurrently, with a wrong amount or a forged signature on request', async () => {
    await create();
    const res = await pay({
      provider: 'KBANK',
      reference: body.reference,
      times: 3,
      isConcurrent: true,
      amountMinor: 1,
      isSignatureForged: true,
    });
    expect(res.json().data.deliveries).toHaveLength(3);
    expect(captured).toHaveLength(3);
    expect(new Set(captured.map((c) => c.body)).size).toBe(1);
    expect(JSON.parse(captured[0]!.body).amountMinor).toBe(1);
    expect(captured[0]!.headers['x-signature']).not.toBe(
      hmac(captured[0]!.body, 'sandbox-qr-secret-KBANK'),
    );
    expect(captured[0]!.headers['x-signature']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('uses a secret set by the control', async () => {
    await app.inject({
      method: 'POST',
      url: '/sandbox/qr/secrets',
      payload: { provider: 'WW', secret: 'my-secret' },
    });
    await create(body, 'WW');
    await pay({ provider: 'WW', reference: body.reference });
    expect(captured[0]!.headers['x-signature']).toBe(hmac(captured[0]!.body, 'my-secret'));
  });

  it('expires at expiresAt and refuses to pay an expired or cancelled QR unless forced', async () => {
    await create();
    now = Date.parse(body.expiresAt);
    expect((await status()).data.status).toBe('expired');
    const refused = await pay({ provider: 'KBANK', reference: body.reference });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PAYMENT_EXPIRED');
    expect(captured).toHaveLength(0);

    const forced = await pay({ provider: 'KBANK', reference: body.reference, isForced: true });
    expect(forced.statusCode).toBe(200);
    expect(captured).toHaveLength(1);
    expect((await status()).data.status).toBe('expired');
  });

  it('cancels a pending QR, but not a paid one', async () => {
    await create();
    const cancel = (reference: string) =>
      app.inject({
        method: 'POST',
        url: `/qr/KBANK/payments/${reference}/cancel`,
        headers: auth,
      });
    expect((await cancel(body.reference)).json().data.status).toBe('cancelled');
    expect((await pay({ provider: 'KBANK', reference: body.reference })).json().code).toBe(
      'PAYMENT_CANCELLED',
    );

    await create({ ...body, reference: 'DEP000124' });
    await pay({ provider: 'KBANK', reference: 'DEP000124' });
    const paid = await cancel('DEP000124');
    expect(paid.statusCode).toBe(409);
    expect(paid.json().code).toBe('ALREADY_PAID');
    expect((await cancel('NOPE')).statusCode).toBe(404);
  });

  it('reports a webhook the server refused or could not be reached', async () => {
    await create();
    answerStatus = 401;
    const res = await pay({ provider: 'KBANK', reference: body.reference, times: 2 });
    expect(res.json().data.deliveries.map((d: { httpStatus: number }) => d.httpStatus)).toEqual([
      401, 401,
    ]);
  });

  it('decodes a pasted payload and finds its payment', async () => {
    const { data } = (await create()).json();
    const res = await app.inject({
      method: 'POST',
      url: '/sandbox/qr/decode',
      payload: { payload: data.payload },
    });
    expect(res.json()).toMatchObject({
      status: 'success',
      data: {
        kind: 'billPayment',
        reference: 'DEP000123',
        amountMinor: 50_000,
        payments: [{ provider: 'KBANK', status: 'pending' }],
      },
    });
    const broken = await app.inject({
      method: 'POST',
      url: '/sandbox/qr/decode',
      payload: { payload: data.payload.replace('500.00', '900.00') },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('CRC_MISMATCH');
  });

  it('lets a person pay from the page and shows the payments on the index page', async () => {
    await create();
    const index = await app.inject({ method: 'GET', url: '/' });
    expect(index.body).toContain('QR payment gateways');
    expect(index.body).toContain('DEP000123');
    const res = await app.inject({
      method: 'POST',
      url: '/sandbox/qr/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'provider=KBANK&reference=DEP000123',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('HTTP 200');
    expect((await status()).data.status).toBe('paid');
  });

  it('fails creation with the fault switches on', async () => {
    await app.inject({
      method: 'POST',
      url: '/sandbox/qr/faults',
      payload: { provider: 'E2P', failureRate: 1 },
    });
    expect((await create(body, 'E2P')).statusCode).toBe(503);
    expect((await create(body, 'KBANK')).statusCode).toBe(200);
  });
});

describe('QR webhook over HTTP', () => {
  it('posts the raw signed JSON to a listening server', async () => {
    const received: { headers: IncomingMessage['headers']; body: string }[] = [];
    const target = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body: raw });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const { port } = target.address() as AddressInfo;
    const app = await buildSandbox();
    try {
      await app.inject({
        method: 'POST',
        url: '/qr/E2P/payments',
        headers: auth,
        payload: {
          ...body,
          expiresAt: new Date(Date.now() + 60_000).toISOString(),
          callbackUrl: `http://127.0.0.1:${port}/hook`,
        },
      });
      const res = await app.inject({
        method: 'POST',
        url: '/sandbox/qr/pay',
        payload: { provider: 'E2P', reference: body.reference },
      });
      expect(res.json().data.deliveries[0].httpStatus).toBe(204);
      expect(received).toHaveLength(1);
      expect(received[0]!.headers['content-type']).toBe('application/json');
      expect(received[0]!.headers['x-signature']).toBe(
        hmac(received[0]!.body, 'sandbox-qr-secret-E2P'),
      );
    } finally {
      await app.close();
      await new Promise((resolve) => target.close(resolve));
    }
  });
});
