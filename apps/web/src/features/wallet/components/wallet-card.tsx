import type { WalletResponse } from '@mekong/contracts/wallet';
import { ArrowLeftRight, ArrowUpFromLine, Gift, RefreshCw, WalletMinimal } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SyncTime } from '@/features/wallet/components/sync-time';
import { useRefreshWallet } from '@/features/wallet/hooks/use-refresh-wallet';
import { useWalletModals } from '@/features/wallet/hooks/use-wallet-modals';
import { combinedTotal } from '@/lib/wallet-figures';
import { currencySymbol, formatMoney } from '@/lib/format';
import '@/features/wallet/components/wallet-card.css';

/**
 * Spec §1/§2: the cash and bonus wallets on a horizontal scroll-snap (two slides, dots), the combined total
 * (wallet + every game) with the last sync time, refresh (GET /api/wallet/refresh/slot), transfer and withdraw.
 */
export function WalletCard({ data }: { data: WalletResponse | undefined }) {
  const { t } = useTranslation();
  const { openTransfer, openWithdraw } = useWalletModals();
  const refresh = useRefreshWallet();
  const trackRef = useRef<HTMLDivElement>(null);
  const [slide, setSlide] = useState(0);

  const symbol = currencySymbol(data?.profile.currency);
  const total = data ? combinedTotal(data.wallet.amount, data.slots) : 0;
  const slides = [
    { key: 'cash', label: t('wallet.cash'), amount: data?.wallet.amount ?? 0, Icon: WalletMinimal },
    { key: 'bonus', label: t('wallet.bonus'), amount: data?.wallet.bonusAmount ?? 0, Icon: Gift },
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
    <div className="wallet-card" data-testid="wallet-card" aria-busy={!data || undefined}>
      <div className="wallet-card__top">
        <span className="wallet-card__label">
          <WalletMinimal size={18} aria-hidden /> {t('home.walletTitle')}
        </span>
        <button
          type="button"
          className={`icon-btn icon-btn--on-brand wallet-card__refresh${refresh.isPending ? ' is-spinning' : ''}`}
          onClick={() => refresh.mutate()}
          disabled={refresh.isPending}
          aria-label={t('wallet.refresh')}
          title={t('wallet.refresh')}
          data-testid="wallet-refresh"
        >
          <RefreshCw size={20} aria-hidden />
        </button>
      </div>

      <div className="wallet-slides" ref={trackRef} onScroll={onScroll} role="group" aria-roledescription={t('wallet.carousel')} aria-label={t('home.walletTitle')}>
        {slides.map(({ key, label, amount, Icon }, index) => (
          <div className="wallet-slide" key={key} role="group" aria-roledescription={t('wallet.slide')} aria-label={`${index + 1} / ${slides.length}`}>
            <p className="wallet-card__caption">
              <Icon size={14} aria-hidden /> {label}
            </p>
            <p className="wallet-card__amount" data-testid={`wallet-${key}`}>
              <span className="wallet-card__currency">{symbol}</span>
              {formatMoney(amount)}
            </p>
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
          <span className="wallet-card__total-amount" data-testid="wallet-total">
            {symbol}
            {formatMoney(total)}
          </span>
        </p>
        <SyncTime className="wallet-card__sync" timesync={data?.overall.timesync} testId="wallet-last-sync" />
      </div>

      <div className="wallet-card__actions">
        <button type="button" className="wallet-action" onClick={() => openTransfer({ from: 'wallet' })} disabled={!data} data-testid="wallet-transfer">
          <ArrowLeftRight size={18} aria-hidden /> {t('wallet.transfer')}
        </button>
        <button type="button" className="wallet-action" onClick={openWithdraw} disabled={!data} data-testid="wallet-withdraw">
          <ArrowUpFromLine size={18} aria-hidden /> {t('drawer.withdraw')}
        </button>
      </div>
      <div className="wallet-card__shine" aria-hidden />
    </div>
  );
}
