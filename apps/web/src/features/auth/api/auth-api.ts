import { login, logout } from '@mekong/contracts/account';
import { apiCall } from '@/lib/api-client';
import { clearSession, storeToken } from '@/lib/session';

export type Credentials = { username: string; password: string; isRemembered: boolean };

/** Signing in first forgets any stored session (docs/spec.md §2), then keeps the new token where remember-me says. */
export async function signIn({ username, password, isRemembered }: Credentials): Promise<void> {
  clearSession();
  const { token } = await apiCall(login, { body: { username, password } });
  storeToken(token, isRemembered);
}

/** Revokes the token on the server; the local session is cleared whatever the answer. */
export async function signOut(): Promise<void> {
  try {
    await apiCall(logout);
  } catch {
    // The token may already be invalid; signing out locally is what matters.
  } finally {
    clearSession();
  }
}
