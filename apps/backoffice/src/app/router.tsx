import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from '@/app/layout';
import { OverviewPage } from '@/app/overview-page';
import { ChatPage } from '@/features/chat/components/chat-page';
import { AuditPage } from '@/features/audit/components/audit-page';
import { JobsPage } from '@/features/jobs/components/jobs-page';
import { PayoutsPage } from '@/features/money-out/components/payouts-page';
import { WithdrawalsPage } from '@/features/money-out/components/withdrawals-page';
import { ReconciliationPage } from '@/features/reports/components/reconciliation-page';
import { ReportsPage } from '@/features/reports/components/reports-page';
import { DepositsPage } from '@/features/money-in/components/deposits-page';
import { SignInPage } from '@/features/auth/components/sign-in-page';
import { MemberPage } from '@/features/members/components/member-page';
import { MembersPage } from '@/features/members/components/members-page';
import { PromotionsPage } from '@/features/promotions/components/promotions-page';
import { OperatorsPage } from '@/features/operators/components/operators-page';
import { SettingsPage } from '@/features/settings/components/settings-page';

/**
 * The signed-in feature pages: one entry per screen (path under /backoffice, its page); the overview is the index and
 * the answer to any unknown path. The side menu (src/app/nav.ts) shows an entry only when its path is routed.
 */
const pages: RouteObject[] = [
  { path: '/audit', element: <AuditPage /> },
  { path: '/chat', element: <ChatPage /> },
  { path: '/members', element: <MembersPage /> },
  { path: '/members/:id', element: <MemberPage /> },
  { path: '/withdrawals', element: <WithdrawalsPage /> },
  { path: '/payouts', element: <PayoutsPage /> },
  { path: '/promotions', element: <PromotionsPage /> },
  { path: '/operators', element: <OperatorsPage /> },
  { path: '/reports', element: <ReportsPage /> },
  { path: '/reconciliation', element: <ReconciliationPage /> },
  { path: '/deposits', element: <DepositsPage /> },
  { path: '/settings', element: <SettingsPage /> },
  { path: '/jobs', element: <JobsPage /> },
];

export function createRouter() {
  const paths = ['/', ...pages.map((page) => page.path ?? '')];
  return createBrowserRouter(
    [
      { path: '/sign-in', element: <SignInPage /> },
      {
        element: <Layout routes={paths} />,
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
