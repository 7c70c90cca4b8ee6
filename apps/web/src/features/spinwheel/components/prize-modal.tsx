import type { Coupon, Slice } from '@mekong/contracts/spinwheel';
import { Clover, PartyPopper } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { SafeHtml } from '@/components/safe-html';
import { formatDateTime } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { pickLocalized } from '@/lib/localized';
import { useDateEra } from '@/lib/use-date-era';

export type SpinPrize = { result: { code: string; label: string }; coupon: Coupon | null; slice: Slice | null };

/** Spec §2/§4: the prize sub-modal after the wheel stops; closing it reloads the wheel. */
export function PrizeModal({ prize, onClose }: { prize: SpinPrize | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language ? currentLocale() : 'th';
  const dates = useDateEra();
  const description = pickLocalized(prize?.slice?.htmlDescription, locale);
  const isNothing = !prize?.coupon || prize.coupon.prizeKind === 'none';
  return (
    <Modal
      isOpen={prize !== null}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={isNothing ? t('spin.prize.nothingTitle') : t('spin.prize.title')}
      testId="prize-modal"
      footer={
        <Button isBlock onClick={onClose} data-testid="prize-close">
          {t('common.ok')}
        </Button>
      }
    >
      {prize && (
        <div className="prize">
          <span className="prize__icon" aria-hidden>
            {isNothing ? <Clover size={32} /> : <PartyPopper size={32} />}
          </span>
          <p className="prize__label" data-testid="prize-label">
            {prize.result.label}
          </p>
          {description && <SafeHtml html={description} className="rich-text prize__description" />}
          {prize.coupon && !isNothing ? (
            <p className="prize__coupon" data-testid="prize-coupon">
              {t('spin.prize.coupon', { coupon: prize.coupon.coupon, date: formatDateTime(prize.coupon.expiresAt, dates) })}
            </p>
          ) : (
            <p className="muted">{t('spin.prize.nothing')}</p>
          )}
        </div>
      )}
    </Modal>
  );
}
