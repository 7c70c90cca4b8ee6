import type { Bonus } from '@mekong/contracts/bonus';
import { useQuery } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BannerCarouselModal } from '@/components/banner-carousel';
import { Button } from '@/components/button';
import { bonusPreviewQuery } from '@/features/bonus/api/bonus-api';
import { BonusReceiveConfirm } from '@/features/bonus/components/bonus-receive-confirm';
import { BonusTerms } from '@/features/bonus/components/bonus-terms';
import { fillPercentFail } from '@/features/bonus/hooks/bonus-receipts';
import { useActivation } from '@/features/bonus/hooks/use-bonus-actions';
import { currentLocale } from '@/lib/i18n';
import { pickLocalized } from '@/lib/localized';

type BonusModalProps = {
  bonus: Bonus | null;
  /** Another bonus is active: this one cannot be received until it ends. */
  hasOtherActive: boolean;
  currency?: string;
  onClose: () => void;
};

/**
 * Spec §2 bonus modal: the banner carousel, the bonus's text and terms, the notice with %percentFail% filled in, and
 * receive, or confirm when this bonus is the active one. Receive first shows what the bonus gives and locks, in baht
 * (issue 28: BonusReceiveConfirm); only that sheet sends GET /api/bonus/activate/{code}.
 */
export function BonusModal({ bonus, hasOtherActive, currency, onClose }: BonusModalProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language ? currentLocale() : 'th';
  const [confirming, setConfirming] = useState<string | null>(null);
  const onDone = () => {
    setConfirming(null);
    onClose();
  };
  const activation = useActivation('bonus', { currency, onDone });
  const name = bonus ? pickLocalized(bonus.name, locale) : '';
  const isCurrent = Boolean(bonus?.userBonus?.isActive);
  const description = bonus ? fillPercentFail(pickLocalized(bonus.description, locale), bonus.percentFail) : '';
  // The terms in baht where the server can say them for this member now (issue 28 item 11); else as published.
  const canPreview = bonus !== null && !isCurrent && !hasOtherActive;
  const preview = useQuery({ ...bonusPreviewQuery(bonus?.code ?? ''), enabled: canPreview });

  return (
    <>
    <BannerCarouselModal
      isOpen={bonus !== null && confirming === null}
      onOpenChange={(isOpen) => !isOpen && !activation.isPending && onClose()}
      title={name}
      banners={bonus?.banners ?? []}
      label={name}
      emptyText={t('bonus.noBanner')}
      testId="bonus-modal"
      footer={
        isCurrent ? (
          <Button isBlock onClick={onClose} data-testid="bonus-confirm">
            {t('bonus.confirm')}
          </Button>
        ) : (
          <Button
            variant="gold"
            isBlock
            onClick={() => bonus && setConfirming(bonus.code)}
            disabled={hasOtherActive || activation.isPending}
            isBusy={activation.isBusyShown}
            data-testid="bonus-receive"
          >
            {t('bonus.receive')}
          </Button>
        )
      }
    >
      {bonus && (
        <>
          {description && <p className="bonus-description">{description}</p>}
          <BonusTerms terms={bonus} currency={currency} preview={canPreview ? preview.data?.preview : undefined} testId="bonus-modal-terms" />
          {isCurrent && (
            <p className="bonus-state-note" role="note">
              <Info size={18} aria-hidden /> {t('bonus.isCurrent')}
            </p>
          )}
          {!isCurrent && hasOtherActive && (
            <p className="bonus-state-note" role="note" data-testid="bonus-other-active">
              <Info size={18} aria-hidden /> {t('bonus.otherActive')}
            </p>
          )}
        </>
      )}
    </BannerCarouselModal>
    <BonusReceiveConfirm
      code={confirming}
      name={name}
      currency={currency}
      isSending={activation.isPending}
      isBusyShown={activation.isBusyShown}
      onConfirm={(code) => activation.submit(code)}
      onClose={() => setConfirming(null)}
    />
    </>
  );
}
