import { DELAY } from '@mekong/contracts/constants';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isLoading, subscribeLoading } from '@/lib/loading-store';
import { useDelayedFlag } from '@/lib/use-delayed-flag';
import '@/components/global-loading.css';

/** Appears only when a request has been running for 200 ms (docs/spec.md §7), so quick answers never flash it. */
export function GlobalLoading({ delayMs = DELAY.loadingIndicatorMs }: { delayMs?: number }) {
  const { t } = useTranslation();
  const isBusy = useSyncExternalStore(subscribeLoading, isLoading, () => false);
  const isVisible = useDelayedFlag(isBusy, delayMs);

  if (!isVisible) return null;
  return (
    <div className="global-loading" role="progressbar" aria-label={t('app.loading')} data-testid="global-loading">
      <div className="global-loading__bar" />
    </div>
  );
}
