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
import type { Permission } from '@mekong/contracts/admin/admin-contract';

export type NavEntry = {
  /** Path under /backoffice. */
  to: string;
  /** Key under `common:nav.`. */
  label: string;
  icon: LucideIcon;
  /** Shown only to operators with this permission (null: everyone). */
  permission: Permission | null;
};

/** The side menu, in order. A feature's entry appears once its route exists in src/app/router.tsx. */
export const NAV: NavEntry[] = [
  { to: '/', label: 'overview', icon: Home, permission: null },
  { to: '/withdrawals', label: 'withdrawals', icon: ArrowUpFromLine, permission: 'queues.read' },
  { to: '/payouts', label: 'payouts', icon: Send, permission: 'queues.read' },
  { to: '/deposits', label: 'deposits', icon: ArrowDownToLine, permission: 'queues.read' },
  { to: '/chat', label: 'chat', icon: MessagesSquare, permission: 'chat.read' },
  { to: '/members', label: 'members', icon: Users, permission: 'members.read' },
  { to: '/promotions', label: 'promotions', icon: BadgePercent, permission: 'settings.read' },
  { to: '/settings', label: 'settings', icon: Settings, permission: 'settings.read' },
  { to: '/reports', label: 'reports', icon: BarChart3, permission: 'reports.read' },
  { to: '/reconciliation', label: 'reconciliation', icon: Scale, permission: 'reports.read' },
  { to: '/jobs', label: 'jobs', icon: ListChecks, permission: 'settings.read' },
  { to: '/audit', label: 'audit', icon: ScrollText, permission: 'audit.read' },
  { to: '/operators', label: 'operators', icon: UserCog, permission: 'operators.manage' },
];

/** The entries the operator may open: routed in this build and allowed by their role. */
export function visibleNav(
  routes: readonly string[],
  permissions: readonly Permission[],
): NavEntry[] {
  return NAV.filter(
    (entry) =>
      routes.includes(entry.to) &&
      (entry.permission === null || permissions.includes(entry.permission)),
  );
}
