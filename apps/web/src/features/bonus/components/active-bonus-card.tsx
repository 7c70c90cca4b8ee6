import type { MemberBonus } from '@mekong/contracts/bonus';
import { AlertTriangle, CircleCheck, Gift, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { BonusCancelDialog } from '@/features/bonus/components/bonus-cancel-dialog';
import { formatAmount, formatDateTime } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { pickLocalized } from '@/lib/localized';
import { useDateEra } from '@/lib/use-date-era';

/** A short label as words that wrap only at its spaces (see .active-bonus__amounts dt > span). */
function spacedWords(text: string) {
  return text.split(' ').flatMap((word, index) => [index > 0 ? ' ' : null, <span key={index}>{word}</span>]);
}

/**
 * Spec §2 /user/bonus with a bonus active: its name, type and amounts, where the member stands on the release
 * condition (what players ask most: docs/design.md#promotions), the withdraw cap, the line below which it ends by
 * itself, and the cancel button with its warning.
 */
export function ActiveBonusCard({ bonus, currency }: { bonus: MemberBonus; currency?: string }) {
  const { t, i18n } = useTranslation();
  const dateOptions = useDateEra();
  const [isConfirming, setConfirming] = useState(false);
  const money = (value: number) => formatAmount(value, currency);
  const locale = i18n.language ? currentLocale() : 'th';
  const { progress } = bonus;
  const percent = Math.min(Math.max(progress.percent, 0), 100);

  return (
    <section className="card active-bonus" data-testid="bonus-active" aria-labelledby="active-bonus-name">
      <p className="active-bonus__eyebrow">{t('bonus.activeTitle')}</p>
      <div className="active-bonus__head">
        <span className="active-bonus__icon" aria-hidden>
          <Gift size={22} />
        </span>
        <div className="active-bonus__title">
          <h2 id="active-bonus-name" data-testid="bonus-active-name">
            {pickLocalized(bonus.name, locale)}
          </h2>
          <p className="active-bonus__badges">
            <span className="badge badge--brand" data-testid="bonus-active-type">
              {t(`bonus.typeName.${bonus.type}`)}
            </span>
            {bonus.isPromotion && <span className="badge badge--gold">{t('bonus.promotionBadge')}</span>}
          </p>
        </div>
      </div>

      <dl className="active-bonus__amounts">
        <div>
          <dt>{spacedWords(t('bonus.deposit'))}</dt>
          <dd data-testid="bonus-active-deposit">{money(bonus.depositAmount)}</dd>
        </div>
        <div>
          <dt>{spacedWords(t('bonus.bonusAmount'))}</dt>
          <dd data-testid="bonus-active-amount">{money(bonus.bonusAmount)}</dd>
        </div>
        <div>
          <dt>{spacedWords(t('bonus.startAmount'))}</dt>
          <dd>{money(progress.startAmount)}</dd>
        </div>
      </dl>

      <div className={`bonus-progress${progress.isMet ? ' is-met' : ''}`} data-testid="bonus-progress" data-met={progress.isMet}>
        <div className="bonus-progress__top">
          <span className="bonus-progress__title">{t(`bonus.progressTitle.${progress.conditionKind}`)}</span>
          <span className="bonus-progress__percent" data-testid="bonus-progress-percent">
            {percent}%
          </span>
        </div>
        <div
          className="bonus-progress__track"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-label={t('bonus.progressLabel', { percent })}
          data-testid="bonus-progress-bar"
        >
          <span className="bonus-progress__fill" style={{ width: `${percent}%` }} />
        </div>
        <p className="bonus-progress__figures" data-testid="bonus-progress-figures">
          {t('bonus.progressOf', { current: money(progress.current), target: money(progress.target) })}
        </p>
        {progress.isMet ? (
          <p className="bonus-progress__ready" data-testid="bonus-ready">
            <CircleCheck size={18} aria-hidden />
            <span>
              <strong>{t('bonus.ready')}</strong> {t('bonus.readyHint')}
            </span>
          </p>
        ) : (
          <p className="bonus-progress__left">{t('bonus.toGo', { amount: money(Math.max(progress.target - progress.current, 0)) })}</p>
        )}
      </div>

      <dl className="bonus-terms">
        <div className="bonus-terms__row">
          <dt>{t('bonus.withdrawCap')}</dt>
          <dd data-testid="bonus-active-cap">{progress.withdrawCap === null ? t('bonus.noCap') : money(progress.withdrawCap)}</dd>
        </div>
        <div className="bonus-terms__row">
          <dt>{t('bonus.expires')}</dt>
          <dd data-testid="bonus-active-expires">{formatDateTime(bonus.expiresAt, dateOptions)}</dd>
        </div>
      </dl>
      <p className="active-bonus__fail" data-testid="bonus-fail-line">
        <AlertTriangle size={16} aria-hidden /> {t('bonus.failLine', { amount: money(progress.failBelow) })}
      </p>

      <Button variant="secondary" isBlock className="bonus-cancel-btn" onClick={() => setConfirming(true)} data-testid="bonus-cancel">
        <XCircle size={18} aria-hidden /> {t('bonus.cancel')}
      </Button>

      <BonusCancelDialog isOpen={isConfirming} currency={currency} onClose={() => setConfirming(false)} />
    </section>
  );
}
