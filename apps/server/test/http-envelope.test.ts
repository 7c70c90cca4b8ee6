import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSetting } from '@/modules/settings/settings.repository.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { registration, signedInMember } from './support/members.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const setTerminated = (terminated: boolean) =>
  saveSetting(t.app.deps.db.kysely, 'service', { terminated }, t.clock.now());

describe('marker header (D4)', () => {
  it('refuses every /api call without X-Client: member-web', async () => {
    for (const [method, url] of [
      ['GET', '/api/lookup/banks'],
      ['POST', '/api/login'],
      ['GET', '/api/account/profile'],
      ['GET', '/api/no-such-call'],
    ] as const) {
      const response = await t.api(method, url, {
        isWithoutMarker: true,
        body: method === 'POST' ? {} : undefined,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'CLIENT_HEADER_REQUIRED' });
    }
  });

  it('refuses a wrong marker value', async () => {
    const response = await t.api('GET', '/api/lookup/banks', {
      isWithoutMarker: true,
      headers: { 'x-client': 'curl' },
    });
    expect(response.json()).toEqual({ message: 'CLIENT_HEADER_REQUIRED' });
  });
});

describe('error envelope (D11)', () => {
  it('answers NOT_FOUND for an unknown /api route and METHOD_NOT_ALLOWED for a known path', async () => {
    const unknown = await t.api('GET', '/api/wallet/nothing');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'NOT_FOUND' });
    const wrongMethod = await t.api('GET', '/api/login');
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.json()).toEqual({ message: 'METHOD_NOT_ALLOWED' });
    const deleteProfile = await t.api('DELETE', '/api/account/profile');
    expect(deleteProfile.json()).toEqual({ message: 'METHOD_NOT_ALLOWED' });
  });

  it('reads the Authorization scheme in any case (RFC 7235), the token as it is', async () => {
    const member = await signedInMember(t);
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
      const response = await t.api('GET', '/api/account/profile', {
        headers: { authorization: `${scheme} ${member.token}` },
      });
      expect(response.statusCode, scheme).toBe(200);
    }
    const otherScheme = await t.api('GET', '/api/account/profile', {
      headers: { authorization: `Basic ${member.token}` },
    });
    expect(otherScheme.json()).toEqual({ message: 'UNAUTHORIZED' });
  });

  it('answers a path parameter of any length with a code of the call, never METHOD_NOT_ALLOWED', async () => {
    const member = await signedInMember(t);
    // Up to the router's limit (100 characters) the call's own schema answers; past it, INVALID_REQUEST.
    const fits = await t.api('GET', `/api/bonus/activate/${'x'.repeat(100)}`, {
      token: member.token,
    });
    expect(fits.json()).toEqual({ message: 'NO_PROMOTION' });
    for (const length of [101, 150, 500, 5_000]) {
      const code = 'x'.repeat(length);
      for (const [method, url] of [
        ['GET', `/api/bonus/activate/${code}`],
        ['DELETE', `/api/qrcode/${code}`],
        ['GET', `/api/admin/members/${code}`],
      ] as const) {
        const isAdmin = url.startsWith('/api/admin/');
        const response = await t.api(method, url, {
          token: member.token,
          ...(isAdmin && { headers: { 'x-client': 'backoffice' } }),
        });
        expect(response.statusCode, `${method} ${length}`).toBe(400);
        expect(response.json()).toEqual({ message: 'INVALID_REQUEST' });
      }
    }
    // A method the path does not have is still METHOD_NOT_ALLOWED, however long the parameter.
    const wrongMethod = await t.api('PUT', `/api/bonus/activate/${'x'.repeat(150)}`, {
      token: member.token,
      body: {},
    });
    expect(wrongMethod.json()).toEqual({ message: 'METHOD_NOT_ALLOWED' });
  });

  it('answers INVALID_JSON for malformed and empty JSON bodies and for prototype poisoning', async () => {
    for (const rawBody of [
      '{"username": "0812345678",',
      '',
      '{"__proto__": {"isAdmin": true}}',
      'nul',
    ]) {
      const response = await t.api('POST', '/api/login', {
        rawBody,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, rawBody).toBe(400);
      expect(response.json()).toEqual({ message: 'INVALID_JSON' });
    }
  });

  it('answers BODY_TOO_LARGE above 64 KiB', async () => {
    const body = registration({ name: 'x'.repeat(70 * 1024) });
    const response = await t.api('POST', '/api/account', { body });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'BODY_TOO_LARGE' });
  });

  it('answers UNSUPPORTED_MEDIA_TYPE for bodies that are not JSON', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
    ]) {
      const response = await t.api('POST', '/api/login', {
        rawBody: 'username=0812345678',
        headers: { 'content-type': type },
      });
      expect(response.statusCode, type).toBe(415);
      expect(response.json()).toEqual({ message: 'UNSUPPORTED_MEDIA_TYPE' });
    }
  });

  it('answers INVALID_REQUEST for a JSON body of the wrong shape and UNKNOWN_FIELD for an extra key', async () => {
    expect((await t.api('POST', '/api/login', { body: [1, 2] })).json()).toEqual({
      message: 'INVALID_REQUEST',
    });
    expect(
      (
        await t.api('POST', '/api/login', {
          rawBody: '"text"',
          headers: { 'content-type': 'application/json' },
        })
      ).json(),
    ).toEqual({
      message: 'INVALID_REQUEST',
    });
    const extra = await t.api('POST', '/api/login', {
      body: { username: '0812345678', password: 'whatever1', role: 'admin' },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toEqual({ message: 'UNKNOWN_FIELD' });
  });

  it('answers INVALID_REQUEST for a malformed URL', async () => {
    const response = await t.api('GET', '/api/lookup/%E0%A4%A');
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toHaveProperty('message');
  });

  it('answers INTERNAL_SERVER_ERROR (and nothing more) for an unexpected failure', async () => {
    const db = t.app.deps.db.kysely;
    const saved = await db
      .selectFrom('operator_settings')
      .select('value')
      .where('key', '=', 'brand')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('operator_settings')
      .set({ value: JSON.stringify({ broken: true }) })
      .where('key', '=', 'brand')
      .execute();
    try {
      const response = await t.api('GET', '/api/lookup/info');
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: 'INTERNAL_SERVER_ERROR' });
    } finally {
      await db
        .updateTable('operator_settings')
        .set({ value: JSON.stringify(saved.value) })
        .where('key', '=', 'brand')
        .execute();
    }
    expect((await t.api('GET', '/api/lookup/info')).statusCode).toBe(200);
  });

  it('sends security headers with a CSP fit for the web app', async () => {
    const response = await t.api('GET', '/api/lookup/banks');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toContain("font-src 'self' data:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });
});

describe('terminated service', () => {
  it('reports gone on the active lookup and answers 410 gone on every other non-lookup call', async () => {
    const member = await signedInMember(t);
    expect((await t.api('GET', '/api/lookup/active')).json()).toEqual({ terminated: null });
    await setTerminated(true);
    try {
      expect((await t.api('GET', '/api/lookup/active')).json()).toEqual({ terminated: 'gone' });
      expect((await t.api('GET', '/api/lookup/banks')).statusCode).toBe(200);
      for (const [method, url] of [
        ['POST', '/api/login'],
        ['POST', '/api/otp/send'],
        ['GET', '/api/account/profile'],
        ['PUT', '/api/account/changepwd'],
        ['GET', '/api/wallet'],
      ] as const) {
        const response = await t.api(method, url, {
          token: member.token,
          body: method === 'GET' ? undefined : {},
        });
        expect(response.statusCode, url).toBe(410);
        expect(response.json()).toEqual({ message: 'gone' });
      }
    } finally {
      await setTerminated(false);
    }
    expect((await t.api('GET', '/api/account/profile', { token: member.token })).statusCode).toBe(
      200,
    );
  });
});

describe('web app', () => {
  it('says to build the web app when the dist folder is missing', async () => {
    const response = await t.api('GET', '/login', { isWithoutMarker: true });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain('npm run build');
  });

  it('serves the built app with history fallback and cache headers', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'mekong-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
    const web = await createTestApp({ WEB_DIST_DIR: dist });
    try {
      for (const url of [
        '/',
        '/assets',
        '/assets/',
        '/login',
        '/user/profile',
        '/register?code=PR12345678',
        '/no/such/page',
      ]) {
        const response = await web.api('GET', url, { isWithoutMarker: true });
        expect(response.statusCode, url).toBe(200);
        expect(response.body).toContain('<div id="root">');
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      }
      const asset = await web.api('GET', '/assets/index-abc123.js', { isWithoutMarker: true });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const icon = await web.api('GET', '/favicon.svg', { isWithoutMarker: true });
      expect(icon.headers['cache-control']).toBe('public, max-age=3600');

      const api = await web.api('GET', '/api/nothing');
      expect(api.json()).toEqual({ message: 'NOT_FOUND' });
      const post = await web.api('POST', '/somewhere', { isWithoutMarker: true, body: {} });
      expect(post.statusCode).toBe(404);
      expect(post.json()).toEqual({ message: 'NOT_FOUND' });
    } finally {
      await web.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('web app secret (issue 8 A1)', () => {
  it("writes this installation's gift-link secret into every index.html it serves", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'mekong-dist-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
    );
    const secret = `"quoted"&<${'s'.repeat(32)}>`;
    const web = await createTestApp({ WEB_DIST_DIR: dist, TRUELINK_SECRET: secret });
    try {
      for (const url of ['/', '/index.html', '/deposit']) {
        const response = await web.api('GET', url, { isWithoutMarker: true });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.body).toContain(
          `<meta name="mekong-truelink-secret" content="&quot;quoted&quot;&amp;&lt;${'s'.repeat(32)}&gt;" />`,
        );
        expect(response.body.indexOf('mekong-truelink-secret')).toBeLessThan(
          response.body.indexOf('</head>'),
        );
      }
      // With a brand set, its colours and name are in the page before any script runs (plugins/brand-html.ts).
      await saveSetting(
        web.app.deps.db.kysely,
        'brand',
        {
          name: 'Lucky Star',
          website: '',
          logoUrl: null,
          primaryColor: '#0E7C66',
          accentColor: '#F5B700',
        },
        new Date(),
      );
      const branded = await web.api('GET', '/', { isWithoutMarker: true });
      expect(branded.body).toContain('<title>Lucky Star</title>');
      expect(branded.body).toContain('<style>:root:root{--brand:#0E7C66;--accent:#F5B700}</style>');
      // A name with replacement patterns is written as it is, escaped, and the page stays whole (issue 27 item 9).
      await saveSetting(
        web.app.deps.db.kysely,
        'brand',
        {
          name: "Lucky $` Star $& $'",
          website: '',
          logoUrl: null,
          primaryColor: '#0E7C66',
          accentColor: '#F5B700',
        },
        new Date(),
      );
      const patterned = await web.api('GET', '/', { isWithoutMarker: true });
      expect(patterned.body).toContain('<title>Lucky $` Star $&amp; $&#39;</title>');
      expect(patterned.body.split('<html>')).toHaveLength(2);
      expect(patterned.body.split('</html>')).toHaveLength(2);
    } finally {
      await web.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('request deadline', () => {
  it('answers SERVICE_UNAVAILABLE when a call is not answered in time', async () => {
    const slow = await createTestApp({ REQUEST_TIMEOUT_MS: '1000', SMS_TIMEOUT_MS: '1500' });
    try {
      await slow.setSmsMode('timeout');
      const response = await slow.api('POST', '/api/otp/send', {
        body: { phoneNumber: '0811111111' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: 'SERVICE_UNAVAILABLE' });
      // Let the abandoned handler finish before closing.
      await new Promise((resolve) => setTimeout(resolve, 800));
    } finally {
      await slow.setSmsMode('ok');
      await slow.close();
    }
  });
});
