import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSandbox } from '../app.ts';
import { isSamePhone } from './sms.store.ts';

const auth = { authorization: 'Bearer sandbox-sms-key' };

describe('SMS gateway', () => {
  let app: FastifyInstance;
  let clock = Date.parse('2026-01-01T00:00:00Z');

  beforeEach(async () => {
    clock = Date.parse('2026-01-01T00:00:00Z');
    app = await buildSandbox({ now: () => clock });
  });
  afterEach(async () => {
    await app.close();
  });

  const requestCode = async (msisdn: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/sms/v2/otp/request',
      headers: auth,
      payload: { msisdn },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { status: string; data: { token: string; refno: string } };
  };
  const outbox = async (phone: string) =>
    (
      await app.inject({ method: 'GET', url: `/sms/outbox?phone=${encodeURIComponent(phone)}` })
    ).json() as {
      id: string;
      phone: string;
      message: string;
      code: string;
      refno: string;
      sentAt: string;
    }[];
  const verify = (token: string, pin: string) =>
    app.inject({
      method: 'POST',
      url: '/sms/v2/otp/verify',
      headers: auth,
      payload: { token, pin },
    });

  it('issues a token and a 4-letter reference and puts a 6-digit code in the outbox', async () => {
    const body = await requestCode('0812345678');
    expect(body.status).toBe('success');
    expect(body.data.refno).toMatch(/^[A-Z]{4}$/);
    expect(body.data.token.length).toBeGreaterThan(10);

    const [message] = await outbox('0812345678');
    expect(message).toMatchObject({
      phone: '0812345678',
      refno: body.data.refno,
      sentAt: '2026-01-01T00:00:00.000Z',
    });
    expect(message?.code).toMatch(/^\d{6}$/);
    expect(message?.message).toContain(message?.code);
  });

  it('sends a plain notice into the outbox without a code, with the API key only', async () => {
    const send = (headers: Record<string, string>, payload: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/sms/v2/sms', headers, payload });
    expect((await send({}, { msisdn: '0812345678', message: 'hi' })).statusCode).toBe(401);
    expect((await send(auth, { msisdn: 'nope', message: 'hi' })).statusCode).toBe(400);
    expect((await send(auth, { msisdn: '0812345678' })).statusCode).toBe(400);
    const sent = await send(auth, { msisdn: '0812345678', message: 'Your bank account changed' });
    expect(sent.json()).toEqual({ status: 'success' });
    expect(await outbox('0812345678')).toEqual([
      expect.objectContaining({ message: 'Your bank account changed', code: '', refno: '' }),
    ]);
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.body).toContain('Your bank account changed');
  });

  it('lists the outbox newest first and only for the asked phone', async () => {
    await requestCode('0811111111');
    clock += 1000;
    const second = await requestCode('0811111111');
    await requestCode('0822222222');

    const messages = await outbox('0811111111');
    expect(messages).toHaveLength(2);
    expect(messages[0]?.refno).toBe(second.data.refno);
    expect(Number(messages[0]?.id)).toBeGreaterThan(Number(messages[1]?.id));
    const all = (await app.inject({ method: 'GET', url: '/sms/outbox' })).json() as unknown[];
    expect(all).toHaveLength(3);
  });

  it('verifies the right code once', async () => {
    const { data } = await requestCode('0812345678');
    const [message] = await outbox('0812345678');
    const ok = await verify(data.token, message!.code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'success' });
    const again = await verify(data.token, message!.code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ status: 'error', code: 'TOKEN_EXPIRED' });
  });

  it('rejects a wrong code without using the token up (the server counts tries)', async () => {
    const { data } = await requestCode('0812345678');
    const [message] = await outbox('0812345678');
    const wrong = message!.code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 6; i += 1) {
      const res = await verify(data.token, wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 'error', code: 'CODE_INVALID' });
    }
    expect((await verify(data.token, message!.code)).statusCode).toBe(200);
  });

  it('expires a code after 5 minutes', async () => {
    const { data } = await requestCode('0812345678');
    const [message] = await outbox('0812345678');
    clock += 5 * 60_000;
    const res = await verify(data.token, message!.code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', code: 'TOKEN_EXPIRED' });
  });

  it('answers an unknown token with 404 TOKEN_NOT_FOUND', async () => {
    const res = await verify('nope', '123456');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', code: 'TOKEN_NOT_FOUND' });
  });

  it('requires the API key', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong' }]) {
      const res = await app.inject({
        method: 'POST',
        url: '/sms/v2/otp/request',
        headers,
        payload: { msisdn: '0812345678' },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 'error', code: 'UNAUTHORIZED' });
    }
    expect(await outbox('0812345678')).toEqual([]);
  });

  it.each([['abc'], ['12345'], [''], [12345678], [null]])('rejects msisdn %j', async (msisdn) => {
    const res = await app.inject({
      method: 'POST',
      url: '/sms/v2/otp/request',
      headers: auth,
      payload: { msisdn },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', code: 'INVALID_MSISDN' });
  });

  it('answers malformed JSON with a 400 in the gateway shape', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/sms/v2/otp/request',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '{"msisdn":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', code: 'BAD_REQUEST' });
  });

  it('switches to error mode and back', async () => {
    const set = await app.inject({
      method: 'POST',
      url: '/sandbox/sms/mode',
      payload: { mode: 'error' },
    });
    expect(set.json()).toEqual({ mode: 'error' });
    const failed = await app.inject({
      method: 'POST',
      url: '/sms/v2/otp/request',
      headers: auth,
      payload: { msisdn: '0812345678' },
    });
    expect(failed.statusCode).toBe(500);
    expect(await outbox('0812345678')).toEqual([]);

    await app.inject({ method: 'POST', url: '/sandbox/sms/mode', payload: { mode: 'ok' } });
    await requestCode('0812345678');
  });

  it('rejects an unknown mode', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/sandbox/sms/mode',
      payload: { mode: 'slow' },
    });
    expect(res.statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/sandbox/sms/mode' })).json()).toEqual({
      mode: 'ok',
    });
  });

  it('hangs in timeout mode until the sandbox closes', async () => {
    await app.inject({ method: 'POST', url: '/sandbox/sms/mode', payload: { mode: 'timeout' } });
    let isAnswered = false;
    const pending = app
      .inject({
        method: 'POST',
        url: '/sms/v2/otp/request',
        headers: auth,
        payload: { msisdn: '0812345678' },
      })
      .then((res) => {
        isAnswered = true;
        return res;
      });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isAnswered).toBe(false);
    await app.close();
    expect((await pending).statusCode).toBe(504);
  });
});

describe('isSamePhone', () => {
  it('matches local and international forms of one number', () => {
    expect(isSamePhone('0812345678', '66812345678')).toBe(true);
    expect(isSamePhone('+66812345678', '0812345678')).toBe(true);
    expect(isSamePhone('0812345678', '0812345679')).toBe(false);
  });
});

describe('index page', () => {
  it('lists the parts and links the outbox', async () => {
    const app = await buildSandbox();
    const res = await app.inject({ method: 'GET', url: '/' });
    await app.close();
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('href="/sms/outbox');
    expect(res.body).toContain('SMS one-time-code gateway');
  });
});
