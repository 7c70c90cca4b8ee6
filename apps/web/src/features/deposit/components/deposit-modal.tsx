import { QR_PROVIDERS, type QrProvider } from '@mekong/contracts/constants';
import { useQueries, useQuery } from '@tanstack/react-query';
import { FileImage, Gift, Landmark, QrCode } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/modal';
import { Loading } from '@/components/loading';
import { qrQuery } from '@/features/deposit/api/deposit-api';
import { DepositAccounts } from '@/features/deposit/components/deposit-accounts';
import { ManualDepositForm } from '@/features/deposit/components/manual-deposit-form';
import { QrPanel } from '@/features/deposit/components/qr-panel';
import { SlipUpload } from '@/features/deposit/components/slip-upload';
import { TruelinkForm } from '@/features/deposit/components/truelink-form';
import { depositLookupQuery } from '@/lib/lookup-queries';
import { walletQuery } from '@/lib/member-queries';
import '@/features/deposit/components/deposit.css';

/**
 * The deposit modal (docs/spec.md §2): KBANK, WW and E2P QR codes, the listed bank accounts and wallets (with the manual
 * notice when the operator runs deposits by hand), slip upload and the mobile-wallet gift link.
 */
export function DepositModal({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (isOpen: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} variant="sheet" title={t('deposit.title')} testId="deposit-modal">
      {isOpen && <DepositBody onClose={() => onOpenChange(false)} />}
    </Modal>
  );
}

function DepositBody({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [provider, setProvider] = useState<QrProvider>('KBANK');
  // Every provider's current QR is read on opening, so the tabs can say which one has a QR waiting.
  const qrs = useQueries({ queries: QR_PROVIDERS.map((code) => qrQuery(code)) });
  const lookup = useQuery(depositLookupQuery);
  const { data: wallet } = useQuery(walletQuery);
  const currency = wallet?.profile.currency;

  return (
    <div className="deposit">
      <DepositSection icon={<QrCode size={18} aria-hidden />} title={t('deposit.qrTitle')}>
        <div className="provider-tabs" role="tablist" aria-label={t('deposit.qrTitle')}>
          {QR_PROVIDERS.map((code, index) => {
            const state = qrs[index]?.data;
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
                {state?.hasQrcode && <span className="provider-tabs__dot" aria-label={t('deposit.hasQr')} />}
              </button>
            );
          })}
        </div>
        <div id="deposit-qr-panel" role="tabpanel" aria-labelledby={`deposit-tab-${provider}`} className="provider-panel">
          <QrPanel key={provider} provider={provider} currency={currency} onDone={onClose} />
        </div>
      </DepositSection>

      <DepositSection icon={<Landmark size={18} aria-hidden />} title={t('deposit.bankTitle')} hint={t('deposit.bankHint')}>
        {lookup.isPending ? (
          <Loading />
        ) : lookup.data ? (
          <>
            <DepositAccounts banks={lookup.data.banks} wallets={lookup.data.wallets} />
            {lookup.data.isManual && (
              <div className="deposit__manual">
                <h4 className="deposit__subtitle">{t('manualDeposit.title')}</h4>
                <ManualDepositForm currency={currency} />
              </div>
            )}
          </>
        ) : (
          <p className="muted">{t('deposit.accountsUnavailable')}</p>
        )}
      </DepositSection>

      <DepositSection icon={<FileImage size={18} aria-hidden />} title={t('slip.title')} hint={t('slip.description')}>
        <SlipUpload currency={currency} />
      </DepositSection>

      <DepositSection icon={<Gift size={18} aria-hidden />} title={t('truelink.title')}>
        <TruelinkForm currency={currency} />
      </DepositSection>
    </div>
  );
}

function DepositSection({ icon, title, hint, children }: { icon: ReactNode; title: string; hint?: string; children: ReactNode }) {
  return (
    <section className="deposit__section">
      <h3 className="deposit__title">
        <span className="deposit__title-icon">{icon}</span>
        {title}
      </h3>
      {hint && <p className="deposit__hint muted">{hint}</p>}
      {children}
    </section>
  );
}
