import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '@/lib/sign-in';
import { getToken, storeToken } from '@/lib/session';
import { jsonResponse } from '@/testing/render';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('signIn', () => {
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
});
