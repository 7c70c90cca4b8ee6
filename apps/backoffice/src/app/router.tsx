import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from '@/app/layout';
import { NAV } from '@/app/nav';
import { OverviewPage } from '@/app/overview-page';
import { SignInPage } from '@/features/auth/components/sign-in-page';
import { MemberPage } from '@/features/members/components/member-page';

/**
 * The signed-in feature pages: the side menu's screens (src/app/nav.ts) at their paths, and a member's page, opened from
 * the members list; the overview is the index and the answer to any unknown path.
 */
const pages: RouteObject[] = [
  ...NAV.flatMap(({ to, page: Page }) => (Page ? [{ path: to, element: <Page /> }] : [])),
  { path: '/members/:id', element: <MemberPage /> },
];

export function createRouter() {
  return createBrowserRouter(
    [
      { path: '/sign-in', element: <SignInPage /> },
      {
        element: <Layout />,
        children: [
          { index: true, element: <OverviewPage /> },
          ...pages,
          { path: '*', element: <OverviewPage /> },
        ],
      },
    ],
    { basename: '/backoffice' },
  );
}
