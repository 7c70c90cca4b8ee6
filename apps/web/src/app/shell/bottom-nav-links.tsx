import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

export type NavItem = { to: string; Icon: LucideIcon; label: string; /** A mark on the icon (the chat's unread badge). */ badge?: ReactNode };

/** Items of the bottom menu (docs/spec.md §2): an icon over its label, the current route marked by NavLink. */
export function BottomNavLinks({ items }: { items: NavItem[] }) {
  return items.map(({ to, Icon, label, badge }) => (
    <NavLink key={to} to={to} className="bottom-nav__item">
      <span className="bottom-nav__icon">
        <Icon size={22} aria-hidden />
        {badge}
      </span>
      <span>{label}</span>
    </NavLink>
  ));
}
