import { useSyncExternalStore, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { hasToken, subscribeSession } from '@/lib/session';

/** Member routes need a stored token (docs/spec.md §2); without one the visitor goes to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const isSignedIn = useSyncExternalStore(subscribeSession, hasToken, () => false);
  if (!isSignedIn) return <Navigate to="/login" replace />;
  return children;
}
