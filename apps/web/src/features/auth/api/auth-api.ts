import { apiCall } from '@/lib/api-client';
import { loadAccountContracts } from '@/lib/load-contracts';
import { clearSession, dropHomeCookie, forgetSessionEndedNote } from '@/lib/session';

/** Revokes the token on the server; the local session is cleared whatever the answer. */
export async function signOut(): Promise<void> {
  try {
    // The contract loads with the call, not with every signed-in page (docs/decisions/0017-first-load.md).
    await apiCall((await loadAccountContracts()).logout);
  } catch {
    // The token may already be invalid; signing out locally is what matters. The answer did not remove the home page
    // cookie, so it is asked for.
    dropHomeCookie();
  } finally {
    clearSession();
    // The member chose to leave: a refusal of the old token above is no "session ended" news for /login.
    forgetSessionEndedNote();
  }
}
