import { login } from '@mekong/contracts/account';
import { apiCall } from '@/lib/api-client';
import { claimChatGuest } from '@/lib/chat-guest';
import { clearSession, storeToken } from '@/lib/session';

export type Credentials = { username: string; password: string; isRemembered: boolean };

/**
 * Signing in first forgets any stored session (docs/spec.md §2), then keeps the new token where remember-me says.
 * Shared by the sign-in form, the end of registration and the end of a password reset. A guest's chat conversation
 * kept in this browser then moves to the member.
 */
export async function signIn({ username, password, isRemembered }: Credentials): Promise<void> {
  clearSession();
  // isRemembered: the answer's home page cookie lasts as the token is kept (docs/decisions/0021-member-home-page.md).
  const { token } = await apiCall(login, { body: { username, password, isRemembered } });
  await claimChatGuest(token);
  storeToken(token, isRemembered);
}
