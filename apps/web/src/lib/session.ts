import { homeCookieSet } from '@mekong/contracts/account';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, HOME_COOKIE } from '@mekong/contracts/constants';
import { API_BASE_URL } from '@/lib/config';
import { readStorage, removeStorage, writeStorage } from '@/lib/storage';
import { STORAGE_KEYS } from '@/lib/storage-keys';

/**
 * The session token (docs/spec.md §4): localStorage when remember-me was ticked, otherwise sessionStorage,
 * both under the key `token`.
 */
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return readStorage(STORAGE_KEYS.token, 'local') ?? readStorage(STORAGE_KEYS.token, 'session');
}

export function hasToken(): boolean {
  return getToken() !== null;
}

export function storeToken(token: string, isRemembered: boolean): void {
  removeStorage(STORAGE_KEYS.token, 'local');
  removeStorage(STORAGE_KEYS.token, 'session');
  removeStorage(STORAGE_KEYS.homeCookie, 'local');
  removeStorage(STORAGE_KEYS.homeCookie, 'session');
  writeStorage(STORAGE_KEYS.token, token, isRemembered ? 'local' : 'session');
  askHomeCookie(token, isRemembered);
  emit();
}

/**
 * The cookie that lets the server draw the member's home page with its data (docs/decisions/0021-member-home-page.md).
 * The server sets it when the app asks with the token: HttpOnly, sent only to /user/home, holding a key of its own for
 * the session, not the token (30 days when remembered, else until the browser closes). The app notes beside the token
 * that it asked, so it asks once per sign-in, and once at the start of a session signed in before.
 */
function askHomeCookie(token: string | null, isRemembered: boolean): void {
  if (typeof document === 'undefined' || typeof fetch === 'undefined') return;
  const headers: Record<string, string> = { [CLIENT_HEADER]: CLIENT_HEADER_VALUE };
  if (token) {
    headers.authorization = `Bearer ${token}`;
    headers['content-type'] = 'application/json';
  }
  // Not answered (or no network): the home page is drawn by the app, as without the cookie; the next start asks again.
  Promise.resolve()
    .then(() =>
      fetch(`${API_BASE_URL}${homeCookieSet.path}`, {
        method: token ? 'POST' : 'DELETE',
        headers,
        body: token ? JSON.stringify({ isRemembered }) : undefined,
        credentials: 'same-origin',
        keepalive: true,
      }),
    )
    .then((answer: Response | undefined) => {
      if (answer?.ok && token && getToken() === token)
        writeStorage(STORAGE_KEYS.homeCookie, '1', isRemembered ? 'local' : 'session');
    })
    .catch(() => {});
}

/** Asks for the home page's cookie when the stored token has none yet (a member signed in before it existed). */
export function syncHomeCookie(): void {
  const remembered = readStorage(STORAGE_KEYS.token, 'local');
  const token = remembered ?? readStorage(STORAGE_KEYS.token, 'session');
  if (token === null || readStorage(STORAGE_KEYS.homeCookie, remembered ? 'local' : 'session'))
    return;
  try {
    // An older app wrote the cookie itself, with the token in it: gone before the server's replaces it.
    document.cookie = `${HOME_COOKIE}=; Path=/user/home; Max-Age=0`;
  } catch {
    // Cookies blocked: nothing to remove.
  }
  askHomeCookie(token, remembered !== null);
}

/** Forgets the token and the cached user info. */
export function clearSession(): void {
  removeStorage(STORAGE_KEYS.token, 'local');
  removeStorage(STORAGE_KEYS.token, 'session');
  removeStorage(STORAGE_KEYS.userInfo, 'local');
  removeStorage(STORAGE_KEYS.lastSync, 'local');
  const hadHomeCookie =
    readStorage(STORAGE_KEYS.homeCookie, 'local') ??
    readStorage(STORAGE_KEYS.homeCookie, 'session');
  removeStorage(STORAGE_KEYS.homeCookie, 'local');
  removeStorage(STORAGE_KEYS.homeCookie, 'session');
  // Signing out removes it in the sign-out's answer; a session the server ended is removed here.
  if (hadHomeCookie) askHomeCookie(null, false);
  emit();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The server ended a signed-in session (expired, revoked, identity not verifiable): forget it and leave a note for
 * /login, which tells the member instead of silently showing the sign-in form. Nothing is noted when no session was
 * stored (a visitor), nor twice when several calls fail together.
 */
export function endSessionByServer(): void {
  // Noted before the token goes, so whatever the forgetting re-renders already finds the note.
  if (hasToken()) writeStorage(STORAGE_KEYS.sessionEnded, '1', 'session');
  clearSession();
}

/** Whether /login should say the session ended (it reads this once, then forgets the note). */
export function isSessionEndedNoted(): boolean {
  return readStorage(STORAGE_KEYS.sessionEnded, 'session') !== null;
}

export function forgetSessionEndedNote(): void {
  removeStorage(STORAGE_KEYS.sessionEnded, 'session');
}
