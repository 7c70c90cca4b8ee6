import type { BonusProgress } from '@mekong/contracts/bonus';
import { ChevronRight, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAmount } from '@/lib/format';

type LockProps = {
  progress: BonusProgress;
  /** The money under the bonus: cash + games, as the wallet shows them. */
  held: number;
  currency?: string;
  onLeave: () => void;
};

/**
 * Issue 28 item 1: under a bonus whose condition is not met nothing can be withdrawn (the server answers
 * BONUS_CONDITION), so the sheet says so with the money it holds, the progress in baht, and the way out: the bonus
 * page, where the cancel shows what it costs.
 */
export function WithdrawBonusLock({ progress, held, currency, onLeave }: LockProps) {
  const { t } = useTranslation();
  const money = (value: number) => formatAmount(value, currency);
  const percent = Math.min(Math.max(progress.percent, 0), 100);
  return (
    <div className="withdraw-lock" data-testid="withdraw-bonus-lock">
      <p className="withdraw-lock__held">
        <Lock size={16} aria-hidden /> <span data-testid="withdraw-bonus-held">{t('bonus.withdrawLock.held', { amount: money(held) })}</span>
      </p>
      <div className="withdraw-lock__progress">
        <span className="withdraw-lock__title">{t(`bonus.progressTitle.${progress.conditionKind}`)}</span>
        <div className="withdraw-lock__track" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t('bonus.progressLabel', { percent })}>
          <span className="withdraw-lock__fill" style={{ width: `${percent}%` }} />
        </div>
        <span className="withdraw-lock__figures" data-testid="withdraw-bonus-progress">
          {t('bonus.progressOf', { current: money(progress.current), target: money(progress.target) })} ·{' '}
          {t('bonus.toGo', { amount: money(Math.max(progress.target - progress.current, 0)) })}
        </span>
      </div>
      <Link to="/user/bonus" className="withdraw-lock__link" onClick={onLeave} data-testid="withdraw-bonus-cancel-link">
        <span>{t('bonus.withdrawLock.cancelLink')}</span>
        <ChevronRight size={18} aria-hidden />
      </Link>
    </div>
  );
}
