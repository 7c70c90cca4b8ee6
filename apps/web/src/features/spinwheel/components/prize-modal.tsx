import type { Coupon, Slice } from '@mekong/contracts/spinwheel';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, Clover, PartyPopper } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { SafeHtml } from '@/components/safe-html';
import { useMoneyMutation } from '@/components/use-money-mutation';
import { afterCouponClaimed, claimCoupon } from '@/features/spinwheel/api/spinwheel-api';
import { spinErrorText } from '@/features/spinwheel/hooks/spin-error';
import { errorCodeOf } from '@/lib/error-message';
import { formatAmount, formatDateTime } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { pickLocalized } from '@/lib/localized';
import { profileQuery } from '@/lib/member-queries';
import { useDateEra } from '@/lib/use-date-era';

export type SpinPrize = { result: { code: string; label: string }; coupon: Coupon | null; slice: Slice | null };

/**
 * Spec §2/§4: the prize sub-modal after the wheel stops; closing it reloads the wheel. A cash prize is money only once
 * it is in the wallet, so the dialog says so and receives it in one tap, with its withdrawal condition in baht
 * (docs/decisions/0023-prize-claim-and-game-return.md). No coupon code is shown: the app claims by it, the member never
 * needs it.
 */
export function PrizeModal({ prize, onClose }: { prize: SpinPrize | null; onClose: () => void }) {
  const { t } = useTranslation();
  const isNothing = !prize?.coupon || prize.coupon.prizeKind === 'none';
  // Keyed by the coupon: a new prize starts unclaimed.
  return prize?.coupon?.prizeKind === 'cash' ? (
    <CashPrize key={prize.coupon._id} prize={prize} coupon={prize.coupon} onClose={onClose} />
  ) : (
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
      {prize && <OtherPrize prize={prize} isNothing={isNothing} />}
    </Modal>
  );
}

function OtherPrize({ prize, isNothing }: { prize: SpinPrize; isNothing: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language ? currentLocale() : 'th';
  const dates = useDateEra();
  const description = pickLocalized(prize.slice?.htmlDescription, locale);
  return (
    <div className="prize">
      <span className="prize__icon" aria-hidden>
        {isNothing ? <Clover size={32} /> : <PartyPopper size={32} />}
      </span>
      <p className="prize__label" data-testid="prize-label">
        {prize.slice?.label ?? prize.result.label}
      </p>
      {description && <SafeHtml html={description} className="rich-text prize__description" />}
      {prize.coupon && !isNothing ? (
        <p className="prize__coupon" data-testid="prize-coupon">
          {t('spin.prize.bonusLater', { date: formatDateTime(prize.coupon.expiresAt, dates) })}
        </p>
      ) : (
        <p className="muted">{t('spin.prize.nothing')}</p>
      )}
    </div>
  );
}

function CashPrize({ prize, coupon, onClose }: { prize: SpinPrize; coupon: Coupon; onClose: () => void }) {
  const { t } = useTranslation();
  const dates = useDateEra();
  const currency = useQuery(profileQuery).data?.profile.currency;
  const [received, setReceived] = useState<Coupon | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const amount = formatAmount(coupon.amount, currency);

  const claim = useMoneyMutation({
    scope: 'coupon-claim',
    fingerprint: (code: string) => code,
    send: claimCoupon,
    refresh: afterCouponClaimed,
    onSuccess: (answer) => {
      if (!answer.success) return setFailure(spinErrorText(t, answer.error ?? 'NO_CLAIMABLE_COUPON'));
      setFailure(null);
      setReceived(answer.coupon ?? { ...coupon, status: 'claimed' });
    },
    onError: (_message, error) => setFailure(spinErrorText(t, errorCodeOf(error))),
  });

  const terms = received ?? coupon;
  const turnover = terms.turnover > 0 ? formatAmount(terms.turnover, currency) : null;

  return (
    <Modal
      isOpen
      onOpenChange={(isOpen) => !isOpen && !claim.isPending && onClose()}
      title={t('spin.prize.title')}
      testId="prize-modal"
      footer={
        received ? (
          <Button isBlock onClick={onClose} data-testid="prize-close">
            {t('common.ok')}
          </Button>
        ) : (
          <div className="prize__actions">
            <Button
              variant="gold"
              isBlock
              onClick={() => claim.submit(coupon.coupon)}
              disabled={claim.isPending}
              isBusy={claim.isBusyShown}
              data-testid="prize-claim"
            >
              {t('spin.prize.receive', { amount })}
            </Button>
            <Button variant="secondary" isBlock onClick={onClose} disabled={claim.isPending} data-testid="prize-close">
              {t('spin.prize.later')}
            </Button>
          </div>
        )
      }
    >
      <div className="prize" data-testid="prize-cash" data-state={received ? 'received' : 'unclaimed'}>
        <span className={`prize__icon${received ? ' prize__icon--done' : ''}`} aria-hidden>
          {received ? <CircleCheck size={32} /> : <PartyPopper size={32} />}
        </span>
        <p className="prize__label" data-testid="prize-label">
          {prize.slice?.label ?? prize.result.label}
        </p>
        <p className="prize__coupon" data-testid="prize-status" role="status">
          {received ? t('spin.prize.cashReceived', { amount }) : t('spin.prize.cashToReceive', { amount })}
        </p>
        {turnover && (
          <p className="prize__terms" data-testid="prize-turnover">
            {t(received ? 'spin.prize.turnoverFixed' : 'spin.prize.turnover', { amount, turnover })}
          </p>
        )}
        {!received && (
          <p className="prize__later muted" data-testid="prize-later-hint">
            {t('spin.prize.laterHint', { date: formatDateTime(coupon.expiresAt, dates) })}
          </p>
        )}
        {failure && !received && (
          <p className="prize__error" role="alert" data-testid="prize-claim-error">
            {failure}
          </p>
        )}
      </div>
    </Modal>
  );
}
