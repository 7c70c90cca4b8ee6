import {
  ArrowDownToLine,
  ArrowUpFromLine,
  BadgePercent,
  BarChart3,
  Home,
  ListChecks,
  MessagesSquare,
  Scale,
  ScrollText,
  Send,
  Settings,
  UserCog,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { ComponentType } from 'react';
import type { Permission } from '@mekong/contracts/admin/admin-contract';
import type { QueueCounts } from '@mekong/contracts/admin/queues';
import { moneyInTotal } from '@/lib/queue-counts';
import { AuditPage } from '@/features/audit/components/audit-page';
import { ChatPage } from '@/features/chat/components/chat-page';
import { JobsPage } from '@/features/jobs/components/jobs-page';
import { DepositsPage } from '@/features/money-in/components/deposits-page';
import { PayoutsPage } from '@/features/money-out/components/payouts-page';
import { WithdrawalsPage } from '@/features/money-out/components/withdrawals-page';
import { MembersPage } from '@/features/members/components/members-page';
import { OperatorsPage } from '@/features/operators/components/operators-page';
import { PromotionsPage } from '@/features/promotions/components/promotions-page';
import { ReconciliationPage } from '@/features/reports/components/reconciliation-page';
import { ReportsPage } from '@/features/reports/components/reports-page';
import { SettingsPage } from '@/features/settings/components/settings-page';

export type NavEntry = {
  /** Path under /backoffice. */
  to: string;
  /** Key under `common:nav.`. */
  label: string;
  icon: LucideIcon;
  /** Shown only to operators with this permission (null: everyone). */
  permission: Permission | null;
  /** The screen routed at `to` (src/app/router.tsx); the overview, the index route, has none here. */
  page?: ComponentType;
  /** A queue screen: how many of its items wait for a person (shown beside its name). */
  countOf?: (counts: QueueCounts) => number;
};

/** The side menu, in order: each feature screen once, with its path and page (src/app/router.tsx routes them). */
export const NAV: NavEntry[] = [
  { to: '/', label: 'overview', icon: Home, permission: null },
  {
    to: '/withdrawals',
    label: 'withdrawals',
    icon: ArrowUpFromLine,
    permission: 'queues.read',
    page: WithdrawalsPage,
    countOf: (counts) => counts.needsPerson.withdrawals,
  },
  {
    to: '/payouts',
    label: 'payouts',
    icon: Send,
    permission: 'queues.read',
    page: PayoutsPage,
    countOf: (counts) => counts.needsPerson.payouts,
  },
  {
    to: '/deposits',
    label: 'deposits',
    icon: ArrowDownToLine,
    permission: 'queues.read',
    page: DepositsPage,
    countOf: moneyInTotal,
  },
  { to: '/chat', label: 'chat', icon: MessagesSquare, permission: 'chat.read', page: ChatPage },
  { to: '/members', label: 'members', icon: Users, permission: 'members.read', page: MembersPage },
  {
    to: '/promotions',
    label: 'promotions',
    icon: BadgePercent,
    permission: 'settings.read',
    page: PromotionsPage,
  },
  {
    to: '/settings',
    label: 'settings',
    icon: Settings,
    permission: 'settings.read',
    page: SettingsPage,
  },
  {
    to: '/reports',
    label: 'reports',
    icon: BarChart3,
    permission: 'reports.read',
    page: ReportsPage,
  },
  {
    to: '/reconciliation',
    label: 'reconciliation',
    icon: Scale,
    permission: 'reports.read',
    page: ReconciliationPage,
  },
  { to: '/jobs', label: 'jobs', icon: ListChecks, permission: 'settings.read', page: JobsPage },
  { to: '/audit', label: 'audit', icon: ScrollText, permission: 'audit.read', page: AuditPage },
  {
    to: '/operators',
    label: 'operators',
    icon: UserCog,
    permission: 'operators.manage',
    page: OperatorsPage,
  },
];

/** The entries the operator's role may open. */
export function visibleNav(permissions: readonly Permission[]): NavEntry[] {
  return NAV.filter((entry) => entry.permission === null || permissions.includes(entry.permission));
}
