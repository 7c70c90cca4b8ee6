import { useQuery } from '@tanstack/react-query';
import { Megaphone, WifiOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AgreementModal } from '@/features/agreement/components/agreement-modal';
import { FirstSteps } from '@/features/wallet/components/first-steps';
import { GameCarousels } from '@/features/wallet/components/game-carousels';
import { WalletCard } from '@/features/wallet/components/wallet-card';
import { LoadFailed, Skeleton } from '@/components/query-states';
import { WaitingCredits } from '@/components/waiting-credits';
import { noticeQuery } from '@/lib/lookup-queries';
import { liveWalletQuery, profileQuery } from '@/lib/member-queries';
import { currentLocale } from '@/lib/i18n';
import { pickLocalized } from '@/lib/localized';
import { lazyModal } from '@/components/lazy-modal';
import { useOnline } from '@/lib/use-online';
import { isNewPlayer } from '@/lib/wallet-figures';
import { isPayoutOpen, isWaiting, useLiveWaiting } from '@/lib/waiting-money';
import '@/app/home-page.css';

const DepositModal = lazyModal(async () => (await import('@/features/deposit/components/deposit-modal')).DepositModal);

/**
 * Spec §2 /user/home: wallet card (deposit first among its actions), the operator's notice, game account carousels,
 * the agreement modal. The wallet is read again while the page is visible, so money credited by the server shows
 * without a refresh; a new player sees the three first steps.
 */
export function HomePage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language ? currentLocale() : 'th';
  const { data: profile } = useQuery(profileQuery);
  const { data: notice } = useQuery(noticeQuery);
  const wallet = useQuery(liveWalletQuery);
  // Money waiting for an operator, read with the wallet; its decisions are told (docs/decisions/0025-waiting-money.md).
  const waiting = useLiveWaiting();
  const waitingItems = waiting.data?.items ?? [];
  const isOnline = useOnline();
  const [isDepositOpen, setDepositOpen] = useState(false);
  const noticeText = pickLocalized(notice?.text, locale);
  const name = profile?.profile.name ?? wallet.data?.profile.name;
  const onDeposit = () => setDepositOpen(true);
  const isFreshAnswer = wallet.data !== undefined && !wallet.isPlaceholderData;

  return (
    <section className="page page--home">
      <h1 className="home-greeting">{name ? t('home.greeting', { name }) : t('home.greetingGuest')}</h1>

      {!isOnline && (
        <p className="offline-banner" role="status" data-testid="offline-banner">
          <WifiOff size={18} aria-hidden /> {t('homeFlow.offline')}
        </p>
      )}

      <WalletCard wallet={wallet} onDeposit={onDeposit} waitingPayouts={waitingItems.filter(isPayoutOpen)} />

      <WaitingCredits
        items={waitingItems.filter((item) => item.kind === 'credit' && isWaiting(item))}
        usualWaitSeconds={waiting.data?.usualWaitSeconds.credit ?? null}
      />

      {isFreshAnswer && isNewPlayer(wallet.data) && <FirstSteps onDeposit={onDeposit} />}

      {noticeText && (
        <div className="notice" role="note" aria-label={t('home.notice')} data-testid="home-notice">
          <span className="notice__icon" aria-hidden><Megaphone size={20} /></span>
          <div className="notice__body">
            <p className="notice__title">{t('home.notice')}</p>
            <p className="notice__text">{noticeText}</p>
          </div>
        </div>
      )}

      {wallet.data ? (
        <GameCarousels data={wallet.data} />
      ) : wallet.isError ? (
        <LoadFailed title={t('homeFlow.gamesLoadFailed')} onRetry={() => void wallet.refetch()} isRetrying={wallet.isFetching} testId="games-failed" />
      ) : (
        <Skeleton lines={4} testId="games-loading" />
      )}

      <AgreementModal />
      <DepositModal isOpen={isDepositOpen} onOpenChange={setDepositOpen} />
    </section>
  );
}
