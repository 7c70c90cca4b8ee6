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
