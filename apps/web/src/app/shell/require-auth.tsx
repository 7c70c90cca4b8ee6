import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { hasToken, subscribeSession } from '@/lib/session';

/** True while the server draws a signed-in member's page (src/prerender.tsx renderHome): there is no storage there. */
export const SignedInOnServer = createContext(false);

/** Member routes need a stored token (docs/spec.md §2); without one the visitor goes to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const isServerSignedIn = useContext(SignedInOnServer);
  const isSignedIn = useSyncExternalStore(subscribeSession, hasToken, () => isServerSignedIn);
  if (!isSignedIn) return <Navigate to="/login" replace />;
  return children;
}
