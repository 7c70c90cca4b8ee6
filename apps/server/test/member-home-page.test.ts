import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSetting } from '@/modules/settings/settings.repository.ts';
import { MAX_HOME_DRAWINGS } from '@/plugins/member-home-page.ts';
import { signedInMember } from './support/members.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * A signed-in member's home page drawn by the server (docs/decisions/0021-member-home-page.md), with a stand-in for the
 * web app's server build: what is checked here is who gets a drawn page, with which answers, and how it is sent.
 */
const RENDERER = `
export async function renderHome(locale, answers) {
  if (locale === 'en') throw new Error('drawing failed');
  if (locale === 'la') await new Promise((resolve) => setTimeout(resolve, 300));
  return '<h1 data-locale="' + (locale ?? 'default') + '">' + answers.profile.profile.name + '</h1>';
}
`;
const HOSTILE_NOTICE = '</script><script>alert(1)</script>\u2028<!--';

const answersOf = (html: string): Record<string, unknown> => {
  const json = /<script type="application\/json" id="home-answers">([^<]*)<\/script>/.exec(
    html,
  )?.[1];
  if (!json) throw new Error('no answers in the page');
  return JSON.parse(json) as Record<string, unknown>;
};

describe('the member home page drawn by the server', () => {
  let root: string;
  let t: TestApp;
  let member: Awaited<ReturnType<typeof signedInMember>>;
  let memberKey: string;
  /** What the app does after signing in: asks the server for the home page cookie, and the browser keeps it. */
  const homeCookieOf = async (token: string, isRemembered = true) => {
    const response = await t.api('POST', '/api/account/home-cookie', {
      token,
      body: { isRemembered },
    });
    expect(response.statusCode, response.body).toBe(200);
    return String(response.headers['set-cookie']);
  };
  const homeKeyOf = async (token: string) =>
    /^home_session=([^;]*);/.exec(await homeCookieOf(token))?.[1] ?? '';
  const page = (cookie: string | undefined, headers: Record<string, string> = {}) =>
    t.api('GET', '/user/home', {
      isWithoutMarker: true,
      headers: { ...(cookie === undefined ? {} : { cookie }), ...headers },
    });

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'mekong-home-'));
    const dist = path.join(root, 'dist');
    mkdirSync(path.join(dist, 'user'), { recursive: true });
    mkdirSync(path.join(root, 'dist-ssr'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<html><head></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(
      path.join(dist, 'user', 'home.html'),
      '<html><head></head><body><div id="root"></div><p>linked page</p></body></html>',
    );
    for (const variant of ['', '.la'])
      writeFileSync(
        path.join(dist, 'user', `home.member${variant}.html`),
        `<html lang="${variant.slice(1) || 'th'}"><head></head><body><div id="root"><!--member-home--></div></body></html>`,
      );
    writeFileSync(path.join(root, 'dist-ssr', 'prerender.js'), RENDERER);
    t = await createTestApp({ WEB_DIST_DIR: dist });
    await saveSetting(
      t.app.deps.db.kysely,
      'notice',
      { text: { th: HOSTILE_NOTICE, la: HOSTILE_NOTICE, en: HOSTILE_NOTICE } },
      t.clock.now(),
    );
    member = await signedInMember(t, { name: 'SOM CHAI' });
    memberKey = await homeKeyOf(member.token);
  });

  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("draws the member's page with the answers of the app's own calls, never stored", async () => {
    const response = await page(`home_session=${memberKey}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store, private');
    expect(response.headers.vary).toContain('cookie');
    expect(response.body).toContain('<h1 data-locale="default">SOM CHAI</h1>');
    const answers = answersOf(response.body);
    const wallet = await t.api('GET', '/api/wallet', { token: member.token });
    const profile = await t.api('GET', '/api/account/profile', { token: member.token });
    expect(answers.wallet).toEqual(wallet.json());
    expect(answers.profile).toEqual(profile.json());
    expect(Object.keys(answers).sort()).toEqual([
      'brand',
      'chatWidget',
      'notice',
      'profile',
      'wallet',
    ]);
  });

  it('sets the cookie itself: HttpOnly, only for /user/home, a key of its own that is no bearer token', async () => {
    const remembered = await homeCookieOf(member.token);
    expect(remembered).toMatch(
      /^home_session=[A-Za-z0-9_-]{43}; Path=\/user\/home; HttpOnly; SameSite=Lax; Max-Age=2592000$/,
    );
    expect(remembered).not.toContain(member.token);
    // The same key each time (several tabs agree), and not a key for anything else.
    expect(await homeKeyOf(member.token)).toBe(memberKey);
    const asBearer = await t.api('GET', '/api/wallet', { token: memberKey });
    expect(asBearer.json()).toEqual({ message: 'UNAUTHORIZED' });
    // Not remembered: gone when the browser closes, as the token in sessionStorage is.
    expect(await homeCookieOf(member.token, false)).not.toContain('Max-Age');
    // Over https (behind the proxy) it is also Secure.
    const proxied = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const someone = await signedInMember(proxied);
      const https = await proxied.api('POST', '/api/account/home-cookie', {
        token: someone.token,
        body: { isRemembered: true },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(String(https.headers['set-cookie'])).toMatch(
        /; HttpOnly; SameSite=Lax; Max-Age=2592000; Secure$/,
      );
    } finally {
      await proxied.close();
    }
    // Only a signed-in member gets one; anyone may have it removed.
    expect(
      (await t.api('POST', '/api/account/home-cookie', { body: { isRemembered: true } })).json(),
    ).toEqual({
      message: 'UNAUTHORIZED',
    });
    const cleared = await t.api('DELETE', '/api/account/home-cookie');
    expect(cleared.statusCode).toBe(200);
    expect(String(cleared.headers['set-cookie'])).toMatch(
      /^home_session=; Path=\/user\/home; HttpOnly; SameSite=Lax; Max-Age=0$/,
    );
  });

  it("is set by the sign-in's answer (no call of its own), and a member signed in before gets it by asking", async () => {
    const someone = await signedInMember(t, { name: 'NEW SIGN IN' });
    const signIn = (isRemembered?: boolean) =>
      t.api('POST', '/api/login', {
        body: {
          username: someone.username,
          password: someone.password,
          ...(isRemembered === undefined ? {} : { isRemembered }),
        },
      });
    const remembered = await signIn(true);
    expect(remembered.statusCode, remembered.body).toBe(200);
    const { token } = remembered.json() as { token: string };
    expect(Object.keys(remembered.json() as object)).toEqual(['token']);
    const cookie = String(remembered.headers['set-cookie']);
    expect(cookie).toMatch(
      /^home_session=[A-Za-z0-9_-]{43}; Path=\/user\/home; HttpOnly; SameSite=Lax; Max-Age=2592000$/,
    );
    expect(cookie).not.toContain(token);
    const key = /^home_session=([^;]*);/.exec(cookie)![1]!;
    expect((await page(`home_session=${key}`)).body).toContain('NEW SIGN IN');
    // Asking again for the same session gives the same key (the app's call for a session stored before the change).
    expect(await homeKeyOf(token)).toBe(key);
    // Not remembered, or a client that does not say (the spec's two fields): until the browser closes.
    for (const answer of [await signIn(false), await signIn()]) {
      expect(answer.statusCode).toBe(200);
      expect(String(answer.headers['set-cookie'])).toMatch(/; HttpOnly; SameSite=Lax$/);
    }
    // A refused sign-in sets nothing.
    const refused = await t.api('POST', '/api/login', {
      body: { username: someone.username, password: 'wrong-password-1' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['set-cookie']).toBeUndefined();
  });

  it("keeps an operator's notice from ending the answers' element: it reads back exactly", async () => {
    const response = await page(`home_session=${memberKey}`);
    expect(response.body).not.toContain('<script>alert(1)');
    expect(response.body.match(/<\/script>/g)).toHaveLength(1);
    expect(answersOf(response.body).notice).toEqual({
      text: { th: HOSTILE_NOTICE, la: HOSTILE_NOTICE, en: HOSTILE_NOTICE },
    });
  });

  it('draws in the language the app last showed, and sends it compressed', async () => {
    const response = await page(`lang=la; home_session=${memberKey}`, {
      'accept-encoding': 'br',
    });
    expect(response.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(response.rawPayload).toString('utf8');
    expect(html).toContain('<html lang="la">');
    expect(html).toContain('<h1 data-locale="la">SOM CHAI</h1>');
  });

  it('sends the page the app draws to anyone else, never a member’s data', async () => {
    const other = await signedInMember(t);
    const ended = await signedInMember(t, { name: 'ENDED MEMBER' });
    const endedKey = await homeKeyOf(ended.token);
    const signedOut = await t.api('POST', '/api/logout', { token: ended.token });
    expect(signedOut.statusCode).toBe(200);
    // Signing out removes the cookie in the same answer.
    expect(String(signedOut.headers['set-cookie'])).toMatch(
      /^home_session=; Path=\/user\/home; HttpOnly;.*Max-Age=0/,
    );
    for (const cookie of [
      undefined,
      '',
      'home_session=',
      `home_session=${ended.token}`,
      `home_session=${endedKey}`,
      // The bearer token itself (what the cookie held before) draws nothing.
      `home_session=${member.token}`,
      `home_session=${memberKey}x`,
      `home_session=${member.token}x`,
      `home_session=${'a'.repeat(300)}`,
      'home_session=%00%0d%0a',
      `home_session="${member.token}"`,
      `other_home_session=${memberKey}`,
    ]) {
      const response = await page(cookie);
      expect(response.statusCode, cookie).toBe(200);
      expect(response.body, cookie).toContain('linked page');
      expect(response.body, cookie).not.toContain('home-answers');
      expect(response.body, cookie).not.toContain('SOM CHAI');
      expect(response.body, cookie).not.toContain('ENDED MEMBER');
      expect(response.headers['cache-control'], cookie).toBe('no-cache');
    }
    // Each member gets their own page.
    const own = await page(`home_session=${await homeKeyOf(other.token)}`);
    expect(own.body).not.toContain('SOM CHAI');
    expect(answersOf(own.body).profile).toEqual(
      (await t.api('GET', '/api/account/profile', { token: other.token })).json(),
    );
  });

  it('sends the page the app draws when the drawing fails', async () => {
    const response = await page(`lang=en; home_session=${memberKey}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('linked page');
    expect(response.body).not.toContain('home-answers');
  });

  it(`draws at most ${MAX_HOME_DRAWINGS} pages at once; the others get the page the app draws`, async () => {
    const responses = await Promise.all(
      Array.from({ length: MAX_HOME_DRAWINGS + 3 }, () =>
        page(`lang=la; home_session=${memberKey}`),
      ),
    );
    const drawn = responses.filter((r) => r.body.includes('home-answers'));
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    expect(drawn).toHaveLength(MAX_HOME_DRAWINGS);
    // Once they are done, the next one is drawn again.
    expect((await page(`home_session=${memberKey}`)).body).toContain('home-answers');
  });
});
