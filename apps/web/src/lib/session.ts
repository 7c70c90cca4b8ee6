import { HOME_COOKIE } from '@mekong/contracts/constants';
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
  writeStorage(STORAGE_KEYS.token, token, isRemembered ? 'local' : 'session');
  writeHomeCookie(token, isRemembered);
  emit();
}

/**
 * The cookie that lets the server draw the member's home page with its data (docs/decisions/0021-member-home-page.md):
 * the same token, sent only with a request for /user/home, kept as long as the token is (30 days when remembered, the server's longest session,
 * else until the browser closes).
 */
const HOME_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

function writeHomeCookie(token: string | null, isRemembered: boolean): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const lifetime =
    token === null ? '; Max-Age=0' : isRemembered ? `; Max-Age=${HOME_COOKIE_MAX_AGE_S}` : '';
  try {
    document.cookie = `${HOME_COOKIE}=${token ?? ''}; Path=/user/home; SameSite=Lax${lifetime}${secure}`;
  } catch {
    // Cookies blocked: the home page is drawn by the app, as without the cookie.
  }
}

/** Keeps the home page's cookie as the stored token is (a member signed in before the cookie existed gets it). */
export function syncHomeCookie(): void {
  const remembered = readStorage(STORAGE_KEYS.token, 'local');
  const token = remembered ?? readStorage(STORAGE_KEYS.token, 'session');
  writeHomeCookie(token, remembered !== null);
}

/** Forgets the token and the cached user info. */
export function clearSession(): void {
  removeStorage(STORAGE_KEYS.token, 'local');
  removeStorage(STORAGE_KEYS.token, 'session');
  removeStorage(STORAGE_KEYS.userInfo, 'local');
  removeStorage(STORAGE_KEYS.lastSync, 'local');
  writeHomeCookie(null, false);
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
