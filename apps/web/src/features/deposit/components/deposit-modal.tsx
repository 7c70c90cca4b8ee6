import type { QrProvider } from '@mekong/contracts/constants';
import type { DepositMethod, DepositOptions } from '@mekong/contracts/deposit';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Landmark } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/modal';
import { EmptyState, LoadFailed, Skeleton } from '@/components/query-states';
import { depositOptionsQuery, qrQuery } from '@/features/deposit/api/deposit-api';
import { DepositAccounts } from '@/features/deposit/components/deposit-accounts';
import { DepositSuccess } from '@/features/deposit/components/deposit-success';
import { ManualDepositForm } from '@/features/deposit/components/manual-deposit-form';
import { MethodChooser, MethodView, type WaitingQr } from '@/features/deposit/components/method-chooser';
import { QrMethod } from '@/features/deposit/components/qr-method';
import { SlipUpload } from '@/features/deposit/components/slip-upload';
import { TruelinkForm } from '@/features/deposit/components/truelink-form';
import { useArrivedDeposit } from '@/features/deposit/hooks/use-arrived-deposit';
import { walletQuery } from '@/lib/member-queries';
import '@/features/deposit/components/deposit.css';
import '@/features/deposit/components/deposit-methods.css';

/**
 * The deposit modal (docs/spec.md §2): the member first chooses a method (QR, bank transfer, slip upload, gift link;
 * only those open to them), then sees that one method alone, with a way back to the list.
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
  const options = useQuery(depositOptionsQuery);
  const providers = options.data?.qrProviders ?? [];
  // Every QR gateway is read on opening, so a QR left waiting is found at once.
  const qrs = useQueries({ queries: providers.map((code) => qrQuery(code)) });
  const currency = useQuery(walletQuery).data?.profile.currency;
  // undefined until the first answers are in: then a QR left waiting opens by itself, else the method list.
  const [view, setView] = useState<View | undefined>(undefined);
  const [isPaidShown, setPaidShown] = useState(false);
  // A deposit confirmed outside the QR (gift link, slip, or money the bank feed credited while the sheet is open).
  const [credited, setCredited] = useState<Credited | null>(null);
  useArrivedDeposit((entry) => setCredited({ method: 'bank', amount: entry.amount }));

  if (options.isPending || qrs.some((q) => q.isPending)) return <Skeleton lines={4} testId="deposit-loading" />;
  if (!options.data) {
    return <LoadFailed title={t('depositFlow.optionsFailed')} onRetry={() => void options.refetch()} isRetrying={options.isFetching} testId="deposit-options-failed" />;
  }
  const { methods } = options.data;
  if (methods.length === 0) {
    return <EmptyState icon={<Landmark size={26} />} title={t('depositFlow.noMethods')} testId="deposit-no-methods" />;
  }

  const waiting = waitingQr(providers, qrs.map((q) => q.data));
  if (view === undefined) {
    // Decided once, while rendering (no flash of the list): later changes of the QRs do not move the member.
    setView(waiting ? { method: 'qr', provider: waiting.provider } : { method: null });
    return null;
  }
  if (credited) {
    const onAgain = () => {
      setCredited(null);
      setView({ method: null });
    };
    return (
      <MethodView method={credited.method} isBare onBack={onAgain}>
        <DepositSuccess method={credited.method} amount={credited.amount} status="SUCCESS" currency={currency} onDone={onClose} onAgain={onAgain} />
      </MethodView>
    );
  }
  if (view.method === null || !methods.includes(view.method)) {
    return <MethodChooser methods={methods} waiting={waiting} currency={currency} onChoose={(method) => setView({ method, provider: waiting?.provider })} />;
  }
  return (
    <MethodView method={view.method} isBare={isPaidShown} onBack={() => setView({ method: null })}>
      <MethodBody method={view.method} options={options.data} initialProvider={view.provider} currency={currency} onClose={onClose} onPaidChange={setPaidShown} onCredited={setCredited} />
    </MethodView>
  );
}

type View = { method: DepositMethod | null; provider?: QrProvider };
type Credited = { method: DepositMethod; amount: number };

type MethodBodyProps = {
  method: DepositMethod;
  options: DepositOptions;
  initialProvider?: QrProvider;
  currency?: string;
  onClose: () => void;
  onPaidChange: (isPaid: boolean) => void;
  onCredited: (credited: Credited) => void;
};

function MethodBody({ method, options, initialProvider, currency, onClose, onPaidChange, onCredited }: MethodBodyProps) {
  const { t } = useTranslation();
  switch (method) {
    case 'qr':
      return <QrMethod open={options.qrOpen} initialProvider={initialProvider} currency={currency} onDone={onClose} onPaidChange={onPaidChange} />;
    case 'bank':
      return (
        <>
          <p className="deposit-view__hint muted">{t('deposit.bankHint')}</p>
          {/* The server lists the member's currency only; an account of another currency is never shown, whatever it sends. */}
          <DepositAccounts banks={options.banks.filter((bank) => !currency || bank.currency === currency)} wallets={options.wallets} />
          {options.isManual && (
            <div className="deposit__manual">
              <h4 className="deposit__subtitle">{t('manualDeposit.title')}</h4>
              <ManualDepositForm currency={currency} />
            </div>
          )}
        </>
      );
    case 'slip':
      return (
        <>
          <p className="deposit-view__hint muted">{t('slip.description')}</p>
          <SlipUpload onCredited={(amount) => onCredited({ method: 'slip', amount })} onContact={onClose} />
        </>
      );
    case 'giftLink':
      return <TruelinkForm onCredited={(amount) => onCredited({ method: 'giftLink', amount })} />;
  }
}

/** The first gateway with a QR waiting to be paid. */
function waitingQr(providers: readonly QrProvider[], states: ({ hasQrcode: boolean; amount: number | null } | undefined)[]): WaitingQr | null {
  for (const [index, provider] of providers.entries()) {
    const state = states[index];
    if (state?.hasQrcode && state.amount !== null) return { provider, amount: state.amount };
  }
  return null;
}
