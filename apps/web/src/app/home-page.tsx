import { useQuery } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AgreementModal } from '@/features/agreement/components/agreement-modal';
import { noticeQuery } from '@/lib/lookup-queries';
import { profileQuery, walletQuery } from '@/lib/member-queries';
import { GameCarousels } from '@/features/wallet/components/game-carousels';
import { WalletCard } from '@/features/wallet/components/wallet-card';
import { currentLocale } from '@/lib/i18n';
import { pickLocalized } from '@/lib/localized';
import { Loading } from '@/components/loading';
import '@/app/home-page.css';

/** Spec §2 /user/home: wallet card, the operator's notice, game account carousels, the agreement modal. */
export function HomePage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language ? currentLocale() : 'th';
  const { data: profile } = useQuery(profileQuery);
  const { data: notice } = useQuery(noticeQuery);
  const wallet = useQuery(walletQuery);
  const noticeText = pickLocalized(notice?.text, locale);
  const name = profile?.profile.name ?? wallet.data?.profile.name;

  return (
    <section className="page page--home">
      <h1 className="home-greeting">{name ? t('home.greeting', { name }) : t('home.greetingGuest')}</h1>

      <WalletCard data={wallet.data} />

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
      ) : wallet.isPending ? (
        <Loading isCard />
      ) : (
        <p className="form-error" role="alert">
          {t('wallet.loadFailed')}
        </p>
      )}

      <AgreementModal />
    </section>
  );
}
