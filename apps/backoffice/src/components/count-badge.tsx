import { useTranslation } from 'react-i18next';

/** How many items wait (a queue tab, a menu entry); nothing when there is no figure yet. */
export function CountBadge({
  count,
  isQuiet = false,
  testId,
}: {
  count: number | undefined;
  /** Items nobody needs to act on first (the system's refusals): shown grey, as is an empty queue. */
  isQuiet?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (count === undefined) return null;
  return (
    <span
      className={isQuiet || count === 0 ? 'count-badge count-badge--quiet' : 'count-badge'}
      aria-label={t('waitingCount', { count })}
      data-testid={testId}
    >
      {count > 999 ? '999+' : count}
    </span>
  );
}
