import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { NavEntry } from '@/app/nav';
import { CountBadge } from '@/components/count-badge';
import { useQueueCounts } from '@/lib/queue-counts';

/** Nav entries as a list of icon-and-label links: the side menu, and the overview's tiles; queues show their counts. */
export function NavLinks({
  entries,
  variant,
}: {
  entries: readonly NavEntry[];
  variant: 'side-nav' | 'tiles';
}) {
  const { t } = useTranslation();
  const counts = useQueueCounts();
  const isSide = variant === 'side-nav';
  return (
    <ul className={variant}>
      {entries.map(({ to, label, icon: Icon, countOf }) => (
        <li key={to}>
          <NavLink to={to} end={to === '/'} className={isSide ? 'side-nav__link' : 'tile'}>
            <Icon size={isSide ? 18 : 22} aria-hidden />
            <span>{t(`nav.${label}`)}</span>
            {countOf && counts.data ? (
              <CountBadge count={countOf(counts.data)} testId={`${variant}-count-${label}`} />
            ) : null}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
