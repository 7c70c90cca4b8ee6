import type { WaitingItem } from '@mekong/contracts/waiting-money';
import type { WalletResponse } from '@mekong/contracts/wallet';
import type { UseQueryResult } from '@tanstack/react-query';
import { AlertTriangle, ArrowDownToLine, Hourglass, ArrowLeftRight, ArrowUpFromLine, ChevronRight, Gift, History, RefreshCw, WalletMinimal } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SyncTime } from '@/features/wallet/components/sync-time';
import { figuresOf, walletCardView, type WalletCardView } from '@/features/wallet/hooks/wallet-card-view';
import { useIsWalletRefreshing } from '@/features/wallet/hooks/use-game-return';
import { useRefreshWallet } from '@/features/wallet/hooks/use-refresh-wallet';
import { useWalletModals } from '@/features/wallet/hooks/use-wallet-modals';
import { errorText } from '@/lib/error-message';
import { combinedTotal } from '@/lib/wallet-figures';
import { currencySymbol, formatAmount, formatMoney } from '@/lib/format';
import { readWalletCache } from '@/lib/user-info-cache';
import '@/features/wallet/components/wallet-card.css';
import { IconButton } from '@/components/button';

/**
 * Spec §1/§2: the cash and bonus wallets on a horizontal scroll-snap (two slides, dots), the combined total
 * (wallet + every game) with the last sync time, refresh (GET /api/wallet/refresh/slot); deposit, transfer and
 * withdraw. Never a false zero (docs/design.md#member-app): while loading a skeleton or the last known figures marked
 * with their time; on a failure the last known figures, the error and a retry.
 */
export function WalletCard({
  wallet,
  onDeposit,
  waitingPayouts = [],
}: {
  wallet: UseQueryResult<WalletResponse>;
  onDeposit: () => void;
  /** Withdrawals not yet paid or refused by an operator (docs/decisions/0025-waiting-money.md). */
  waitingPayouts?: readonly WaitingItem[];
}) {
  const { t } = useTranslation();
  const { openTransfer, openWithdraw } = useWalletModals();
  const refresh = useRefreshWallet();
  const isRefreshing = useIsWalletRefreshing();
  const trackRef = useRef<HTMLDivElement>(null);
  const [slide, setSlide] = useState(0);

  const view = walletCardView(wallet, readWalletCache);
  const data = figuresOf(view);
  // Money moves only from figures of this session (the modals read the same query).
  const canMoveMoney = Boolean(wallet.data);
  const symbol = currencySymbol(data?.profile.currency);
  const slides = [
    { key: 'cash', label: t('wallet.cash'), amount: data?.wallet.amount, Icon: WalletMinimal },
    { key: 'bonus', label: t('wallet.bonus'), amount: data?.wallet.bonusAmount, Icon: Gift },
  ] as const;

  const onScroll = () => {
    const track = trackRef.current;
    if (!track || track.clientWidth === 0) return;
    setSlide(Math.round(track.scrollLeft / track.clientWidth));
  };

  const goTo = (index: number) => {
    const track = trackRef.current;
    track?.scrollTo({ left: index * track.clientWidth, behavior: 'smooth' });
  };

  return (
    <div className={`wallet-card wallet-card--${view.kind}`} data-testid="wallet-card" data-state={view.kind} aria-busy={view.kind === 'loading' || view.kind === 'updating' || undefined}>
      <div className="wallet-card__top">
        <span className="wallet-card__label">
          <WalletMinimal size={18} aria-hidden /> {t('home.walletTitle')}
        </span>
        <IconButton
          tone="on-brand"
          className={`wallet-card__refresh${refresh.isPending ? ' is-spinning' : ''}`}
          label={t('wallet.refresh')}
          onClick={() => refresh.mutate()}
          disabled={refresh.isPending}
          data-testid="wallet-refresh"
        >
          <RefreshCw size={20} aria-hidden />
        </IconButton>
      </div>

      <div className="wallet-slides" ref={trackRef} onScroll={onScroll} role="group" aria-roledescription={t('wallet.carousel')} aria-label={t('home.walletTitle')}>
        {slides.map(({ key, label, amount, Icon }, index) => (
          <div className="wallet-slide" key={key} role="group" aria-roledescription={t('wallet.slide')} aria-label={`${index + 1} / ${slides.length}`}>
            <p className="wallet-card__caption">
              <Icon size={14} aria-hidden /> {label}
            </p>
            <div className="wallet-slide__row">
              {amount === undefined ? (
                <NoFigure view={view} testId={`wallet-${key}`} />
              ) : (
                <p className="wallet-card__amount" data-testid={`wallet-${key}`}>
                  <span className="wallet-card__currency">{symbol}</span>
                  {formatMoney(amount)}
                </p>
              )}
              {/* The bonus wallet leads to its bonus: progress, cancel, other bonuses (docs/spec.md §2 /user/bonus). */}
              {key === 'bonus' && (
                <Link to="/user/bonus" className="wallet-slide__link" data-testid="wallet-bonus-link">
                  {t('bonus.link')} <ChevronRight size={16} aria-hidden />
                </Link>
              )}
            </div>
          </div>
        ))}
      </div>
      <div className="wallet-dots">
        {slides.map(({ key, label }, index) => (
          <button
            key={key}
            type="button"
            className={`wallet-dots__dot${slide === index ? ' is-current' : ''}`}
            aria-label={label}
            aria-current={slide === index || undefined}
            onClick={() => goTo(index)}
          />
        ))}
      </div>

      <div className="wallet-card__total">
        <p className="wallet-card__total-row">
          <span className="wallet-card__total-label">{t('home.total')}</span>
          {data ? (
            <span className="wallet-card__total-amount" data-testid="wallet-total">
              {symbol}
              {formatMoney(combinedTotal(data.wallet.amount, data.slots))}
            </span>
          ) : (
            // In the amount's own line box, so the row keeps its height and baseline when the amount arrives.
            <span className="wallet-card__total-amount" aria-hidden data-testid="wallet-total-pending">
              <span className="wallet-card__bar wallet-card__bar--total" />
            </span>
          )}
        </p>
        <FigureStatus view={view} isRefreshing={isRefreshing} />
        {waitingPayouts.length > 0 && (
          <p className="wallet-card__waiting">
            {waitingPayouts.map((item) => (
              <span key={item.id} className="wallet-card__waiting-chip" data-testid="wallet-payout-waiting" data-state={item.state}>
                <Hourglass size={12} aria-hidden /> {t('waiting.payoutChip', { amount: formatAmount(item.amount, item.currency) })}
              </span>
            ))}
          </p>
        )}
      </div>

      {(view.kind === 'stale' || view.kind === 'failed') && (
        <div className="wallet-card__failure" role="alert" data-testid="wallet-failure">
          <AlertTriangle className="wallet-card__failure-icon" size={18} aria-hidden />
          <p className="wallet-card__failure-text">
            <strong>{t('walletFlow.updateFailed')}</strong> <span data-testid="wallet-failure-reason">{errorText(t, view.error)}</span>
          </p>
          <button
            type="button"
            className={`wallet-card__retry${wallet.isFetching ? ' is-spinning' : ''}`}
            onClick={() => void wallet.refetch()}
            disabled={wallet.isFetching}
            aria-busy={wallet.isFetching || undefined}
            data-testid="wallet-retry"
          >
            <RefreshCw size={16} aria-hidden /> {t('states.retry')}
          </button>
        </div>
      )}

      <div className="wallet-card__actions">
        <button type="button" className="wallet-action wallet-action--primary" onClick={onDeposit} data-testid="wallet-deposit">
          <ArrowDownToLine size={20} aria-hidden /> {t('walletFlow.deposit')}
        </button>
        <button type="button" className="wallet-action" onClick={() => openTransfer({ from: 'wallet' })} disabled={!canMoveMoney} data-testid="wallet-transfer">
          <ArrowLeftRight size={20} aria-hidden /> {t('wallet.transfer')}
        </button>
        <button type="button" className="wallet-action" onClick={openWithdraw} disabled={!canMoveMoney} data-testid="wallet-withdraw">
          <ArrowUpFromLine size={20} aria-hidden /> {t('drawer.withdraw')}
        </button>
      </div>
      <div className="wallet-card__shine" aria-hidden />
    </div>
  );
}

/** In place of an amount nobody knows yet: a skeleton bar while loading, words when the read failed. */
function NoFigure({ view, testId }: { view: WalletCardView; testId: string }) {
  const { t } = useTranslation();
  if (view.kind === 'failed') {
    return (
      <p className="wallet-card__unavailable" data-testid={testId}>
        {t('walletFlow.unavailable')}
      </p>
    );
  }
  return (
    <p className="wallet-card__amount" data-testid={testId} aria-label={t('app.loading')}>
      <span className="wallet-card__bar wallet-card__bar--amount" />
    </p>
  );
}

/** The time the figures are from: live, being updated (first read, or a balance refresh), or the last known ones. */
function FigureStatus({ view, isRefreshing }: { view: WalletCardView; isRefreshing: boolean }) {
  const { t } = useTranslation();
  if (view.kind === 'loading') {
    return <span className="wallet-card__sync">{t('walletFlow.updating')}</span>;
  }
  if (view.kind === 'failed') return null;
  const timesync = view.data.overall.timesync;
  const isUpdating = view.kind === 'updating' || (view.kind === 'live' && isRefreshing);
  if (view.kind === 'live' && !isUpdating) return <SyncTime className="wallet-card__sync" timesync={timesync} testId="wallet-last-sync" />;
  return (
    <span className="wallet-card__sync wallet-card__sync--marked" data-testid="wallet-last-known" data-updating={isUpdating || undefined}>
      <span className={`wallet-card__badge${isUpdating ? ' is-updating' : ''}`}>
        {isUpdating ? <RefreshCw size={12} aria-hidden /> : <History size={12} aria-hidden />}
        {isUpdating ? t('walletFlow.updating') : t('walletFlow.lastKnown')}
      </span>
      <SyncTime timesync={timesync} testId="wallet-last-sync" />
    </span>
  );
}
