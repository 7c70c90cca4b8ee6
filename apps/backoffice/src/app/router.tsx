import type { ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from '@/app/layout';
import { OverviewPage } from '@/app/overview-page';
import { AuditPage } from '@/features/audit/components/audit-page';
import { SignInPage } from '@/features/auth/components/sign-in-page';
import { SettingsPage } from '@/features/settings/components/settings-page';

/**
 * The signed-in pages: one entry per feature screen (path under /backoffice, its page). The side menu (src/app/nav.ts)
 * shows an entry only when its path is here.
 */
const pages: { path: string; element: ReactNode }[] = [
  { path: '/', element: <OverviewPage /> },
  { path: '/audit', element: <AuditPage /> },
  { path: '/settings', element: <SettingsPage /> },
];

export function createRouter() {
  const paths = pages.map((page) => page.path);
  return createBrowserRouter(
    [
      { path: '/sign-in', element: <SignInPage /> },
      {
        element: <Layout routes={paths} />,
        children: [
          ...pages.map(({ path, element }): RouteObject =>
            path === '/' ? { index: true, element } : { path, element },
          ),
          { path: '*', element: <OverviewPage /> },
        ],
      },
    ],
    { basename: '/backoffice' },
  );
}
