import type { LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';

export type NavItem = { to: string; Icon: LucideIcon; label: string };

/** Items of the bottom menu (docs/spec.md §2): an icon over its label, the current route marked by NavLink. */
export function BottomNavLinks({ items }: { items: NavItem[] }) {
  return items.map(({ to, Icon, label }) => (
    <NavLink key={to} to={to} className="bottom-nav__item">
      <Icon size={22} aria-hidden />
      <span>{label}</span>
    </NavLink>
  ));
}
