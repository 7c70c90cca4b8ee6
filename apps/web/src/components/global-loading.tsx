import { DELAY } from '@mekong/contracts/constants';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isLoading, subscribeLoading } from '@/lib/loading-store';
import '@/components/global-loading.css';

/** Appears only when a request has been running for 200 ms (spec §7), so quick answers never flash it. */
export function GlobalLoading({ delayMs = DELAY.loadingIndicatorMs }: { delayMs?: number }) {
  const { t } = useTranslation();
  const isBusy = useSyncExternalStore(subscribeLoading, isLoading, () => false);
  const [isVisible, setVisible] = useState(false);

  useEffect(() => {
    if (!isBusy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [isBusy, delayMs]);

  if (!isVisible) return null;
  return (
    <div className="global-loading" role="progressbar" aria-label={t('app.loading')} data-testid="global-loading">
      <div className="global-loading__bar" />
    </div>
  );
}
