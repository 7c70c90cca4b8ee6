import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '@/features/auth/api/auth-api';
import { getToken, storeToken } from '@/lib/session';
import { jsonResponse } from '@/testing/render';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('session token storage', () => {
  it('keeps a remembered token in localStorage', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ token: 'kept' }));
    await signIn({ username: '0812345678', password: 'secret123', isRemembered: true });
    expect(localStorage.getItem('token')).toBe('kept');
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('keeps an unremembered token for the session only', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ token: 'short' }));
    await signIn({ username: '0812345678', password: 'secret123', isRemembered: false });
    expect(sessionStorage.getItem('token')).toBe('short');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('clears the stored session before signing in', async () => {
    storeToken('old', true);
    localStorage.setItem('user-info', '{"profile":{}}');
    fetchMock.mockResolvedValue(jsonResponse({ message: 'WRONG_CREDENTIAL' }, 401));
    await expect(signIn({ username: '0812345678', password: 'bad', isRemembered: true })).rejects.toThrow('WRONG_CREDENTIAL');
    const headers = fetchMock.mock.calls[0]![1]?.headers as Record<string, string>;
    expect(headers.authorization).toBeUndefined();
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('user-info')).toBeNull();
  });

  it('logout calls POST /api/logout and forgets token and user info even if the call fails', async () => {
    storeToken('tok', true);
    localStorage.setItem('user-info', '{}');
    fetchMock.mockResolvedValue(jsonResponse({ message: 'EXPIRED_AUTH_TOKEN' }, 401));
    await signOut();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/logout');
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('POST');
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('user-info')).toBeNull();
  });
});
