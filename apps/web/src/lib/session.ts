import {
  CLIENT_HEADER,
  CLIENT_HEADER_VALUE,
  HOME_COOKIE,
  HOME_COOKIE_PATH,
} from '@mekong/contracts/constants';
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

/**
 * Keeps a sign-in's token. The sign-in's answer has also set the home page's cookie (docs/decisions/0021-member-home-page.md),
 * which is noted beside the token so that no call asks for it again.
 */
export function storeToken(token: string, isRemembered: boolean): void {
  clearHomeCookieNote();
  removeStorage(STORAGE_KEYS.token, 'local');
  removeStorage(STORAGE_KEYS.token, 'session');
  const storage = isRemembered ? 'local' : 'session';
  writeStorage(STORAGE_KEYS.token, token, storage);
  writeStorage(STORAGE_KEYS.homeCookie, '1', storage);
  emit();
}

function clearHomeCookieNote(): void {
  removeStorage(STORAGE_KEYS.homeCookie, 'local');
  removeStorage(STORAGE_KEYS.homeCookie, 'session');
}

/**
 * The cookie that lets the server draw the member's home page with its data (docs/decisions/0021-member-home-page.md):
 * the server sets it (HttpOnly, sent only to /user/home, a key of its own for the session, not the token), in the
 * sign-in's answer or, for a session stored before, when asked here with the token; DELETE removes it.
 */
function callHomeCookie(token: string | null, isRemembered: boolean): void {
  if (typeof fetch === 'undefined') return;
  const headers: Record<string, string> = { [CLIENT_HEADER]: CLIENT_HEADER_VALUE };
  if (token) {
    headers.authorization = `Bearer ${token}`;
    headers['content-type'] = 'application/json';
  }
  // Not answered (or no network): the home page is drawn by the app, as without the cookie; the next start asks again.
  void fetch(`${API_BASE_URL}${HOME_COOKIE_PATH}`, {
    method: token ? 'POST' : 'DELETE',
    headers,
    body: token ? JSON.stringify({ isRemembered }) : undefined,
    credentials: 'same-origin',
  })
    // The answer's body is read: Chromium finishes a fetch whose body no one reads only when the page goes, so the
    // request stayed open (and the browser tests' 'networkidle' never came).
    .then(async (answer) => {
      await answer.text();
      if (answer.ok && token && getToken() === token)
        writeStorage(STORAGE_KEYS.homeCookie, '1', isRemembered ? 'local' : 'session');
    })
    .catch(() => {});
}

/**
 * At every start: the cookie an older app wrote itself, with the token in it, is removed (a script cannot touch the
 * server's HttpOnly one), and a token stored without the note asks the server for its cookie once.
 */
export function syncHomeCookie(): void {
  if (typeof document === 'undefined') return;
  try {
    document.cookie = `${HOME_COOKIE}=; Path=/user/home; Max-Age=0`;
  } catch {
    // Cookies blocked: nothing to remove.
  }
  const remembered = readStorage(STORAGE_KEYS.token, 'local');
  const token = remembered ?? readStorage(STORAGE_KEYS.token, 'session');
  if (token === null || readStorage(STORAGE_KEYS.homeCookie, remembered ? 'local' : 'session'))
    return;
  callHomeCookie(token, remembered !== null);
}

/** Has the server remove the home page's cookie when one was set (a session ended without the sign-out's answer). */
export function dropHomeCookie(): void {
  const hadCookie =
    readStorage(STORAGE_KEYS.homeCookie, 'local') ?? readStorage(STORAGE_KEYS.homeCookie, 'session');
  clearHomeCookieNote();
  if (hadCookie) callHomeCookie(null, false);
}

/**
 * Forgets the token and the cached user info. The home page's cookie goes with the sign-out's answer; it stays for a
 * new sign-in, whose answer replaces it.
 */
export function clearSession(): void {
  removeStorage(STORAGE_KEYS.token, 'local');
  removeStorage(STORAGE_KEYS.token, 'session');
  removeStorage(STORAGE_KEYS.userInfo, 'local');
  removeStorage(STORAGE_KEYS.lastSync, 'local');
  clearHomeCookieNote();
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
  dropHomeCookie();
  clearSession();
}

/** Whether /login should say the session ended (it reads this once, then forgets the note). */
export function isSessionEndedNoted(): boolean {
  return readStorage(STORAGE_KEYS.sessionEnded, 'session') !== null;
}

export function forgetSessionEndedNote(): void {
  removeStorage(STORAGE_KEYS.sessionEnded, 'session');
}
