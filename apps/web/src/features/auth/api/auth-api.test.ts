import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signOut } from '@/features/auth/api/auth-api';
import { setSessionHandlers } from '@/lib/api-client';
import { endSessionByServer, getToken, isSessionEndedNoted, storeToken } from '@/lib/session';
import { jsonResponse } from '@/testing/render';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setSessionHandlers({ onSessionEnded: () => {}, onGone: () => {} });
});

describe('signOut', () => {
  it('calls POST /api/logout and forgets token and user info even if the call fails', async () => {
    storeToken('tok', true);
    localStorage.setItem('user-info', '{}');
    fetchMock.mockResolvedValue(jsonResponse({ message: 'EXPIRED_AUTH_TOKEN' }, 401));
    await signOut();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/logout');
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('POST');
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('user-info')).toBeNull();
  });

  it('leaves no "session ended" note when the member logs out with a token the server already refuses', async () => {
    setSessionHandlers({ onSessionEnded: endSessionByServer, onGone: () => {} });
    storeToken('revoked', true);
    fetchMock.mockResolvedValue(jsonResponse({ message: 'UNAUTHORIZED' }, 401));
    await signOut();
    expect(isSessionEndedNoted()).toBe(false);
  });
});
