import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  endSessionByServer,
  forgetSessionEndedNote,
  getToken,
  isSessionEndedNoted,
  storeToken,
  syncHomeCookie,
} from '@/lib/session';

describe('a session the server ended', () => {
  it('is forgotten and noted for /login until the note is read', () => {
    storeToken('tok', false);
    localStorage.setItem('user-info', '{}');
    endSessionByServer();
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('user-info')).toBeNull();
    expect(isSessionEndedNoted()).toBe(true);
    forgetSessionEndedNote();
    expect(isSessionEndedNoted()).toBe(false);
  });

  it('is not noted for a visitor who had no session', () => {
    endSessionByServer();
    expect(isSessionEndedNoted()).toBe(false);
  });

  it('is noted once when several calls fail together', () => {
    storeToken('tok', true);
    endSessionByServer();
    endSessionByServer();
    expect(isSessionEndedNoted()).toBe(true);
    forgetSessionEndedNote();
    expect(isSessionEndedNoted()).toBe(false);
  });
});

describe("the home page's cookie (docs/decisions/0021-member-home-page.md)", () => {
  const calls: { url: string; init: RequestInit; answer: Response }[] = [];
  const original = globalThis.fetch;
  beforeEach(() => {
    calls.length = 0;
    globalThis.fetch = ((url: string, init: RequestInit) => {
      const answer = new Response('{"message":"SUCCESS"}', { status: 200 });
      calls.push({ url, init, answer });
      return Promise.resolve(answer);
    }) as typeof fetch;
  });
  afterEach(() => {
    globalThis.fetch = original;
    localStorage.clear();
    sessionStorage.clear();
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it("is never written by the app: a sign-in's answer set it, so storing its token calls nothing", async () => {
    storeToken('secret-token', true);
    syncHomeCookie();
    await settle();
    expect(document.cookie).not.toContain('secret-token');
    expect(calls).toEqual([]);
  });

  it('is asked of the server once for a token stored before, its answer read to the end', async () => {
    localStorage.setItem('token', 'older-token');
    syncHomeCookie();
    await settle();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/account/home-cookie');
    expect(calls[0]!.init.method).toBe('POST');
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe(
      'Bearer older-token',
    );
    expect(calls[0]!.init.body).toBe('{"isRemembered":true}');
    // An answer whose body nobody reads stays an open request in Chromium (the browser tests' networkidle never came).
    expect(calls[0]!.answer.bodyUsed).toBe(true);
    syncHomeCookie();
    await settle();
    expect(calls).toHaveLength(1);
    // A session the server ended takes the cookie with it.
    endSessionByServer();
    await settle();
    expect(calls.map((c) => c.init.method)).toEqual(['POST', 'DELETE']);
    forgetSessionEndedNote();
  });
});
