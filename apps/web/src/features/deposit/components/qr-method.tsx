import type { QrProvider } from '@mekong/contracts/constants';
import { useQueries } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { qrQuery } from '@/features/deposit/api/deposit-api';
import { QrPanel } from '@/features/deposit/components/qr-panel';

type QrMethodProps = {
  providers: readonly QrProvider[];
  initialProvider?: QrProvider;
  currency?: string;
  onDone: () => void;
  /** The success of a paid QR is on screen (the tabs and the method's header step aside). */
  onPaidChange: (isPaid: boolean) => void;
};

/** The QR method: one tab per gateway (a dot on the one with a QR waiting), and that gateway's QR. */
export function QrMethod({ providers, initialProvider, currency, onDone, onPaidChange }: QrMethodProps) {
  const { t } = useTranslation();
  const [provider, setProvider] = useState<QrProvider>(initialProvider ?? providers[0] ?? 'KBANK');
  const [isPaid, setPaid] = useState(false);
  const onPaid = useCallback(
    (next: boolean) => {
      setPaid(next);
      onPaidChange(next);
    },
    [onPaidChange],
  );
  // Read when the modal opened (and again when a QR is made); the tab dots need no read of their own.
  const qrs = useQueries({ queries: providers.map((code) => ({ ...qrQuery(code), refetchOnMount: false })) });

  return (
    <>
      {providers.length > 1 && !isPaid && (
        <div className="provider-tabs" role="tablist" aria-label={t('deposit.qrTitle')}>
          {providers.map((code, index) => {
            const isSelected = code === provider;
            return (
              <button
                key={code}
                type="button"
                role="tab"
                id={`deposit-tab-${code}`}
                aria-selected={isSelected}
                aria-controls="deposit-qr-panel"
                className={`provider-tabs__tab${isSelected ? ' is-selected' : ''}`}
                onClick={() => setProvider(code)}
                data-testid={`deposit-provider-${code}`}
              >
                {t(`deposit.providers.${code}`)}
                {qrs[index]?.data?.hasQrcode && <span className="provider-tabs__dot" aria-label={t('deposit.hasQr')} />}
              </button>
            );
          })}
        </div>
      )}
      <div id="deposit-qr-panel" role={providers.length > 1 && !isPaid ? 'tabpanel' : undefined} aria-labelledby={providers.length > 1 && !isPaid ? `deposit-tab-${provider}` : undefined} className="provider-panel">
        <QrPanel key={provider} provider={provider} currency={currency} onDone={onDone} onPaidChange={onPaid} />
      </div>
    </>
  );
}
