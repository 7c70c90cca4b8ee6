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
    await expect(
      signIn({ username: '0812345678', password: 'bad', isRemembered: true }),
    ).rejects.toThrow('WRONG_CREDENTIAL');
    const headers = fetchMock.mock.calls[0]![1]?.headers as Record<string, string>;
    expect(headers.authorization).toBeUndefined();
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('user-info')).toBeNull();
  });

  it('moves a guest chat to the member after signing in, then forgets the guest', async () => {
    localStorage.setItem(
      'chat-guest',
      JSON.stringify({ guestId: 'g_1', guestToken: 'guest-token' }),
    );
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ token: 'member' }))
      .mockResolvedValueOnce(jsonResponse({ moved: 3 }));
    await signIn({ username: '0812345678', password: 'secret123', isRemembered: true });
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/chat/claim-guest');
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer member');
    expect(JSON.parse(String(init?.body))).toEqual({ guestToken: 'guest-token' });
    expect(localStorage.getItem('chat-guest')).toBeNull();
  });

  it('signs in even when the guest chat cannot be claimed now, keeping the guest for the next time', async () => {
    localStorage.setItem(
      'chat-guest',
      JSON.stringify({ guestId: 'g_1', guestToken: 'guest-token' }),
    );
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ token: 'member' }))
      .mockResolvedValueOnce(jsonResponse({ message: 'CHAT_DISABLED' }, 403));
    await signIn({ username: '0812345678', password: 'secret123', isRemembered: true });
    expect(getToken()).toBe('member');
    expect(localStorage.getItem('chat-guest')).not.toBeNull();
  });

  it('forgets a guest token the server says is invalid', async () => {
    localStorage.setItem('chat-guest', JSON.stringify({ guestId: 'g_1', guestToken: 'bad' }));
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ token: 'member' }))
      .mockResolvedValueOnce(jsonResponse({ message: 'CHAT_GUEST_INVALID' }, 401));
    await signIn({ username: '0812345678', password: 'secret123', isRemembered: true });
    expect(getToken()).toBe('member');
    expect(localStorage.getItem('chat-guest')).toBeNull();
  });

  it('calls nothing more when no guest chat is kept', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ token: 'member' }));
    await signIn({ username: '0812345678', password: 'secret123', isRemembered: true });
    // The answer sets the home page cookie too, as long as remember-me says (docs/decisions/0021-member-home-page.md).
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({
      username: '0812345678',
      password: 'secret123',
      isRemembered: true,
    });
  });
});
