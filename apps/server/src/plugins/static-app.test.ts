import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerStaticApp } from '@/plugins/static-app.ts';

const script = 'export const answer = 42;\n'.repeat(50);

describe('registerStaticApp (docs/decisions/0017-first-load.md)', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'static-app-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<html><head></head><body></body></html>');
    writeFileSync(path.join(dir, 'login.html'), '<html><head></head><body><h1>Login</h1></body></html>');
    writeFileSync(path.join(dir, 'login.la.html'), '<html lang="lo"><head></head><body><h1>ເຂົ້າສູ່ລະບົບ</h1></body></html>');
    writeFileSync(path.join(dir, 'howto.html'), `<html><head></head><body>${'<p>How to</p>'.repeat(400)}</body></html>`);
    // As the build writes them: each file plain, brotli and gzip.
    writeFileSync(path.join(dir, 'assets/app-1a2b3c.js'), script);
    writeFileSync(path.join(dir, 'assets/app-1a2b3c.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(dir, 'assets/app-1a2b3c.js.gz'), gzipSync(script));
    writeFileSync(path.join(dir, 'sw.js'), 'self.skipWaiting();');
    writeFileSync(path.join(dir, 'pwa-192.png'), 'png');
    app = Fastify();
    const onIndex = await registerStaticApp(app, {
      distDir: dir,
      name: 'The test app',
      files: { index: false },
      indexPaths: ['/'],
      prerenderedPaths: ['/login', '/register', '/howto'],
      html: (html) => html.replace('</head>', '<meta name="x" /></head>'),
      pageVariant: (request) => /(?:^|; )v=(\w+)/.exec(request.headers.cookie ?? '')?.[1],
    });
    app.setNotFoundHandler(onIndex);
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the brotli file to a browser that accepts it, with its encoding, and caches a hashed file for a year', async () => {
    const answer = await app.inject({
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(script);
  });

  it('sends gzip when brotli is not accepted, and the plain file when nothing is', async () => {
    const gzip = await app.inject({
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('revalidates the service worker on every load, keeps other files an hour and never caches index.html', async () => {
    expect((await app.inject({ url: '/sw.js' })).headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ url: '/pwa-192.png' })).headers['cache-control']).toBe(
      'public, max-age=3600',
    );
    const index = await app.inject({ url: '/login' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it('answers a prerendered path with its page, written in and never cached, and with index.html while it is missing', async () => {
    const login = await app.inject({ url: '/login?phone=0812345678' });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-cache');
    expect(login.body).toBe('<html><head><meta name="x" /></head><body><h1>Login</h1></body></html>');
    const register = await app.inject({ url: '/register' });
    expect(register.statusCode).toBe(200);
    expect(register.body).toBe('<html><head><meta name="x" /></head><body></body></html>');
  });

  it('sends the pages compressed as the browser accepts, the same page as plain', async () => {
    const plain = await app.inject({ url: '/howto', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<meta name="x" />');
    const brotli = await app.inject({ url: '/howto', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('accept-encoding, cookie');
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 10);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe('<html><head><meta name="x" /></head><body></body></html>');
    const refused = await app.inject({ url: '/howto', headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('sends the version of a prerendered page its cookie names, and the default one when there is none', async () => {
    const lao = await app.inject({ url: '/login', headers: { cookie: 'a=1; v=la' } });
    expect(lao.body).toBe('<html lang="lo"><head><meta name="x" /></head><body><h1>ເຂົ້າສູ່ລະບົບ</h1></body></html>');
    expect(lao.headers.vary).toBe('accept-encoding, cookie');
    const missing = await app.inject({ url: '/login', headers: { cookie: 'v=en' } });
    expect(missing.body).toContain('<h1>Login</h1>');
    const none = await app.inject({ url: '/login' });
    expect(none.body).toContain('<h1>Login</h1>');
    const register = await app.inject({ url: '/register', headers: { cookie: 'v=la' } });
    expect(register.body).toBe('<html><head><meta name="x" /></head><body></body></html>');
  });

  it('sends a form posted to a prerendered page before the app took it over back to the page, its fields unread', async () => {
    const form = await app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=0812345678&password=secret-pass',
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe('/login');
    expect(form.body).not.toContain('secret-pass');
    for (const headers of [{ 'content-type': 'multipart/form-data; boundary=x' }, { 'content-type': 'text/plain' }, {}]) {
      const other = await app.inject({ method: 'POST', url: '/register', headers, payload: 'x' });
      expect(other.statusCode).toBe(303);
      expect(other.headers.location).toBe('/register');
    }
    const huge = await app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `a=${'x'.repeat(200_000)}`,
    });
    expect(huge.statusCode).toBe(413);
    expect((await app.inject({ url: '/login' })).body).toContain('<h1>Login</h1>');
  });
});
