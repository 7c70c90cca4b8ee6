import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { formatTimeAgo } from '@/lib/time-ago';
import { useDateEra } from '@/lib/use-date-era';
import { useNow } from '@/lib/use-now';
import '@/features/wallet/components/wallet-card.css';

/** "Updated 21/11/2025 12:04:09 · 3 minutes ago", in Asia/Bangkok. */
export function SyncTime({ timesync, className, testId }: { timesync: string | null | undefined; className?: string; testId?: string }) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  const dates = useDateEra();
  const locale = i18n.language ? currentLocale() : 'th';
  if (!timesync) return <span className={className}>{t('drawer.notSynced')}</span>;
  return (
    <span className={className} data-testid={testId}>
      <span className="sync-time__date">{t('drawer.lastSync', { time: formatDateTime(timesync, dates) })}</span>{' '}
      <span className="sync-time__ago">{formatTimeAgo(timesync, locale, t('time.justNow'), now)}</span>
    </span>
  );
}
