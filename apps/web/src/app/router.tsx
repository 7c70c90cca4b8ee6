import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { queryClient } from '@/app/query-client';
import { PublicLayout } from '@/app/shell/public-layout';
import { RequireAuth } from '@/app/shell/require-auth';
import { RootLayout, RouteFallback } from '@/app/shell/root-layout';
import { setSessionHandlers } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { endSessionByServer } from '@/lib/session';

/** A route whose page is its own chunk, loaded when it is first opened. */
function lazyPage(path: string, load: () => Promise<ComponentType>): RouteObject {
  return { path, lazy: async () => ({ Component: await load() }) };
}

/**
 * The route map of docs/spec.md §2. Every page is its own chunk, loaded with the libraries only it needs when it is
 * first opened, so /login does not download the member pages (docs/decisions/0017-first-load.md); the start-up
 * chunk holds the layouts every page shares.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    HydrateFallback: RouteFallback,
    children: [
      { index: true, element: <Navigate to="/user" replace /> },
      {
        element: <PublicLayout />,
        children: [
          lazyPage('login', async () => (await import('@/features/auth/components/login-page')).LoginPage),
          lazyPage('forgot-password', async () => (await import('@/features/auth/components/forgot-password-page')).ForgotPasswordPage),
          lazyPage('register', async () => (await import('@/features/register/components/register-page')).RegisterPage),
          lazyPage('howto', async () => (await import('@/features/howto/components/howto-page')).HowtoPage),
          lazyPage('contact', async () => (await import('@/app/contact-pages')).GuestContactPage),
        ],
      },
      lazyPage('terminated', async () => (await import('@/features/system/components/terminated-page')).TerminatedPage),
      {
        path: 'user',
        element: (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ),
        children: [
          {
            lazy: async () => ({ Component: (await import('@/app/shell/member-layout')).MemberLayout }),
            children: [
              { index: true, element: <Navigate to="/user/home" replace /> },
              lazyPage('home', async () => (await import('@/app/home-page')).HomePage),
              lazyPage('profile', async () => (await import('@/features/profile/components/profile-page')).ProfilePage),
              lazyPage('bonus', async () => (await import('@/features/bonus/components/bonus-page')).BonusPage),
              lazyPage('statement', async () => (await import('@/features/statement/components/statement-page')).StatementPage),
              lazyPage('contact', async () => (await import('@/app/contact-pages')).MemberContactPage),
            ],
          },
        ],
      },
      lazyPage('*', async () => (await import('@/features/system/components/not-found-page')).NotFoundPage),
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
