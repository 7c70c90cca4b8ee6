import type { QrProvider } from '@mekong/contracts/constants';
import type { DepositMethod } from '@mekong/contracts/deposit';
import { ChevronLeft, ChevronRight, FileImage, Gift, Landmark, QrCode, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@/lib/format';
import { IconButton } from '@/components/button';

const METHOD_ICONS: Record<DepositMethod, LucideIcon> = { qr: QrCode, bank: Landmark, slip: FileImage, giftLink: Gift };

export type WaitingQr = { provider: QrProvider; amount: number };

type MethodChooserProps = {
  methods: readonly DepositMethod[];
  waiting: WaitingQr | null;
  currency?: string;
  onChoose: (method: DepositMethod) => void;
};

/** The deposit methods open to the member, one tap each; QR first and marked recommended (it confirms itself). */
export function MethodChooser({ methods, waiting, currency, onChoose }: MethodChooserProps) {
  const { t } = useTranslation();
  return (
    <div className="deposit-methods" data-testid="deposit-methods">
      <h3 className="deposit-methods__title">{t('depositFlow.chooseTitle')}</h3>
      <ul className="deposit-methods__list">
        {methods.map((method) => {
          const Icon = METHOD_ICONS[method];
          const isRecommended = method === 'qr';
          return (
            <li key={method}>
              <button type="button" className={`deposit-method${isRecommended ? ' is-recommended' : ''}`} onClick={() => onChoose(method)} data-testid={`deposit-method-${method}`}>
                <span className="deposit-method__icon" aria-hidden>
                  <Icon size={22} />
                </span>
                <span className="deposit-method__text">
                  <span className="deposit-method__title">
                    {t(`depositFlow.methods.${method}.title`)}
                    {isRecommended && <span className="deposit-method__badge">{t('depositFlow.recommended')}</span>}
                  </span>
                  <span className="deposit-method__hint">{t(`depositFlow.methods.${method}.hint`)}</span>
                  {method === 'qr' && waiting && (
                    <span className="deposit-method__waiting" data-testid="deposit-method-qr-waiting">
                      {t('depositFlow.qrWaiting', { amount: formatAmount(waiting.amount, currency) })}
                    </span>
                  )}
                </span>
                <ChevronRight className="deposit-method__chevron" size={20} aria-hidden />
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * One method on its own, under a back control to the list. `isBare` leaves only the content (a paid QR's success
 * stands alone, with its own way on).
 */
export function MethodView({ method, isBare = false, onBack, children }: { method: DepositMethod; isBare?: boolean; onBack: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="deposit-view" data-testid={`deposit-view-${method}`} aria-labelledby={isBare ? undefined : 'deposit-view-title'}>
      {!isBare && (
        <div className="deposit-view__head">
          <IconButton tone="soft" className="deposit-view__back" onClick={onBack} label={t('depositFlow.back')} data-testid="deposit-back">
            <ChevronLeft size={22} aria-hidden />
          </IconButton>
          <h3 className="deposit-view__title" id="deposit-view-title">
            {t(`depositFlow.methods.${method}.title`)}
          </h3>
        </div>
      )}
      {children}
    </section>
  );
}
