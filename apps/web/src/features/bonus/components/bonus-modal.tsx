import type { Bonus } from '@mekong/contracts/bonus';
import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BannerCarouselModal } from '@/components/banner-carousel';
import { Button } from '@/components/button';
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
 * receive (GET /api/bonus/activate/{code}), or confirm when this bonus is the active one.
 */
export function BonusModal({ bonus, hasOtherActive, currency, onClose }: BonusModalProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language ? currentLocale() : 'th';
  const activation = useActivation('bonus', { currency, onDone: onClose });
  const name = bonus ? pickLocalized(bonus.name, locale) : '';
  const isCurrent = Boolean(bonus?.userBonus?.isActive);
  const description = bonus ? fillPercentFail(pickLocalized(bonus.description, locale), bonus.percentFail) : '';

  return (
    <BannerCarouselModal
      isOpen={bonus !== null}
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
            onClick={() => bonus && activation.submit(bonus.code)}
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
          <BonusTerms terms={bonus} currency={currency} testId="bonus-modal-terms" />
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
  );
}
