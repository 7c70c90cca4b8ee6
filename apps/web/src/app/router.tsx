import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { queryClient } from '@/app/query-client';
import { LoginPage } from '@/features/auth/components/login-page';
import { HomePage } from '@/app/home-page';
import { MemberLayout } from '@/app/shell/member-layout';
import { PublicLayout } from '@/app/shell/public-layout';
import { RequireAuth } from '@/app/shell/require-auth';
import { RootLayout, RouteFallback } from '@/app/shell/root-layout';
import { NotFoundPage } from '@/features/system/components/not-found-page';
import { TerminatedPage } from '@/features/system/components/terminated-page';
import { setSessionHandlers } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { endSessionByServer } from '@/lib/session';

/** A route whose page is its own chunk, loaded when it is first opened. */
function lazyPage(path: string, load: () => Promise<ComponentType>): RouteObject {
  return { path, lazy: async () => ({ Component: await load() }) };
}

/** The route map of docs/spec.md §2. Pages a visitor rarely opens first are split into their own chunks. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    HydrateFallback: RouteFallback,
    children: [
      { index: true, element: <Navigate to="/user" replace /> },
      {
        element: <PublicLayout />,
        children: [
          { path: 'login', element: <LoginPage /> },
          lazyPage('forgot-password', async () => (await import('@/features/auth/components/forgot-password-page')).ForgotPasswordPage),
          lazyPage('register', async () => (await import('@/features/register/components/register-page')).RegisterPage),
          lazyPage('howto', async () => (await import('@/features/howto/components/howto-page')).HowtoPage),
          lazyPage('contact', async () => (await import('@/app/contact-pages')).GuestContactPage),
        ],
      },
      { path: 'terminated', element: <TerminatedPage /> },
      {
        path: 'user',
        element: (
          <RequireAuth>
            <MemberLayout />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <Navigate to="/user/home" replace /> },
          { path: 'home', element: <HomePage /> },
          lazyPage('profile', async () => (await import('@/features/profile/components/profile-page')).ProfilePage),
          lazyPage('bonus', async () => (await import('@/features/bonus/components/bonus-page')).BonusPage),
          lazyPage('statement', async () => (await import('@/features/statement/components/statement-page')).StatementPage),
          lazyPage('contact', async () => (await import('@/app/contact-pages')).MemberContactPage),
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setSessionHandlers({
    onSessionEnded: () => {
      // /login then tells the member the session ended rather than just showing the form (issue 9).
      endSessionByServer();
      void router.navigate('/login', { replace: true }).then(() => queryClient.removeQueries({ queryKey: queryKeys.member }));
    },
    onGone: () => {
      void router.navigate('/terminated', { replace: true });
    },
  });
  return router;
}
