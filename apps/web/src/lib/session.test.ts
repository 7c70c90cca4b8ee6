import { describe, expect, it } from 'vitest';
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
  it('is asked of the server with the token, never written by the app with the token in it', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = ((url: string, init: RequestInit) => {
      calls.push({ url, init });
      return Promise.resolve(new Response('{"message":"SUCCESS"}', { status: 200 }));
    }) as typeof fetch;
    try {
      storeToken('secret-token', true);
      expect(document.cookie).not.toContain('secret-token');
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(calls).toHaveLength(1);
      expect(calls[0]!.url).toBe('/api/account/home-cookie');
      expect(calls[0]!.init.method).toBe('POST');
      expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe(
        'Bearer secret-token',
      );
      expect(calls[0]!.init.body).toBe('{"isRemembered":true}');
      // Asked once per sign-in: a start with the same token does not ask again.
      syncHomeCookie();
      expect(calls).toHaveLength(1);
      // A session the server ended takes the cookie with it.
      endSessionByServer();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(calls.map((c) => c.init.method)).toEqual(['POST', 'DELETE']);
      forgetSessionEndedNote();
    } finally {
      globalThis.fetch = original;
    }
  });
});
