import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, SearchX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BannerCarousel } from '@/components/banner-carousel';
import { Button } from '@/components/button';
import { Loading } from '@/components/loading';
import { Modal } from '@/components/modal';
import { LoadFailed } from '@/components/query-states';
import { promotionQuery } from '@/features/bonus/api/bonus-api';
import { BonusReceiveConfirm } from '@/features/bonus/components/bonus-receive-confirm';
import { BonusTerms } from '@/features/bonus/components/bonus-terms';
import { fillPercentFail } from '@/features/bonus/hooks/bonus-receipts';
import { useActivation } from '@/features/bonus/hooks/use-bonus-actions';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-message';
import { currentLocale } from '@/lib/i18n';
import { pickLocalized } from '@/lib/localized';

type PromotionModalProps = { code: string | null; currency?: string; onClose: () => void; onActivated: () => void };

/**
 * Spec §2 promotion modal, three states: searching, found (what it gives and activate: GET
 * /api/promotion/activate/{code}, after the confirm sheet of issue 28 with what it gives and locks), not found
 * (NO_PROMOTION). Any other failure says what went wrong and offers a retry.
 */
export function PromotionModal({ code, currency, onClose, onActivated }: PromotionModalProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language ? currentLocale() : 'th';
  const found = useQuery({ ...promotionQuery(code ?? ''), enabled: code !== null });
  const [confirming, setConfirming] = useState<string | null>(null);
  const activation = useActivation('promotion', {
    currency,
    onDone: () => {
      setConfirming(null);
      onActivated();
    },
  });
  const promotion = found.data?.promotion;
  const isNotFound = found.isError && isApiError(found.error) && found.error.code === 'NO_PROMOTION';
  const name = promotion ? pickLocalized(promotion.name, locale) : '';

  return (
    <>
    <Modal
      isOpen={code !== null && confirming === null}
      onOpenChange={(isOpen) => !isOpen && !activation.isPending && onClose()}
      title={promotion ? name : t('promotion.title')}
      variant="sheet"
      testId="promotion-modal"
      footer={
        promotion && (
          <Button
            variant="gold"
            isBlock
            onClick={() => setConfirming(promotion.code)}
            disabled={promotion.isReceived || activation.isPending}
            isBusy={activation.isBusyShown}
            data-testid="promotion-activate"
          >
            {t('promotion.activate')}
          </Button>
        )
      }
    >
      {found.isPending || (found.isFetching && !promotion) ? (
        <div className="promotion-state" data-testid="promotion-searching" role="status">
          <Loading />
          <p>{t('promotion.searching')}</p>
        </div>
      ) : promotion ? (
        <div className="promotion-found" data-testid="promotion-found">
          <p className="promotion-found__code">
            <span className="badge badge--gold">{promotion.code}</span>
          </p>
          <BannerCarousel banners={promotion.banners} label={name} emptyText={t('bonus.noBanner')} testId="promotion-carousel" />
          {pickLocalized(promotion.description, locale) && (
            <p className="bonus-description">{fillPercentFail(pickLocalized(promotion.description, locale), promotion.percentFail)}</p>
          )}
          <BonusTerms terms={promotion} currency={currency} testId="promotion-terms" />
          {promotion.isReceived && (
            <p className="bonus-state-note" role="note" data-testid="promotion-received">
              <CheckCircle2 size={18} aria-hidden /> {t('promotion.isReceived')}
            </p>
          )}
        </div>
      ) : isNotFound ? (
        <div className="promotion-state" data-testid="promotion-not-found" role="alert">
          <span className="promotion-state__icon" aria-hidden>
            <SearchX size={28} />
          </span>
          <p className="promotion-state__title">{t('promotion.notFound')}</p>
          <p className="muted">{t('promotion.notFoundHint')}</p>
          <Button variant="secondary" onClick={onClose} data-testid="promotion-not-found-close">
            {t('common.close')}
          </Button>
        </div>
      ) : (
        <LoadFailed title={errorText(t, found.error)} onRetry={() => void found.refetch()} isRetrying={found.isFetching} testId="promotion-failed" />
      )}
    </Modal>
    <BonusReceiveConfirm
      code={confirming}
      kind="promotion"
      name={name}
      currency={currency}
      isSending={activation.isPending}
      isBusyShown={activation.isBusyShown}
      onConfirm={(next) => activation.submit(next)}
      onClose={() => setConfirming(null)}
    />
    </>
  );
}
