import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { NavEntry } from '@/app/nav';

/** Nav entries as a list of icon-and-label links: the side menu, and the overview's tiles. */
export function NavLinks({
  entries,
  variant,
}: {
  entries: readonly NavEntry[];
  variant: 'side-nav' | 'tiles';
}) {
  const { t } = useTranslation();
  const isSide = variant === 'side-nav';
  return (
    <ul className={variant}>
      {entries.map(({ to, label, icon: Icon }) => (
        <li key={to}>
          <NavLink to={to} end={to === '/'} className={isSide ? 'side-nav__link' : 'tile'}>
            <Icon size={isSide ? 18 : 22} aria-hidden />
            <span>{t(`nav.${label}`)}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
