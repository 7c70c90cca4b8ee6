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
  emit();
}

/** Forgets the token and the cached user info. */
export function clearSession(): void {
  removeStorage(STORAGE_KEYS.token, 'local');
  removeStorage(STORAGE_KEYS.token, 'session');
  removeStorage(STORAGE_KEYS.userInfo, 'local');
  removeStorage(STORAGE_KEYS.lastSync, 'local');
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
