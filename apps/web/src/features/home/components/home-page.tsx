import { useQuery } from '@tanstack/react-query';
import { Megaphone, Plus, WalletMinimal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AgreementModal } from '@/features/agreement/components/agreement-modal';
import { noticeQuery } from '@/features/lookup/api/lookup-queries';
import { profileQuery } from '@/features/profile/api/profile-queries';
import { formatMoney } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { pickLocalized } from '@/lib/localized';

/** Home for this slice: greeting, the operator's notice and the wallet card's place (the wallet slice fills it). */
export function HomePage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language ? currentLocale() : 'th';
  const { data: profile } = useQuery(profileQuery);
  const { data: notice } = useQuery(noticeQuery);
  const noticeText = pickLocalized(notice?.text, locale);
  const name = profile?.profile.name;

  return (
    <section className="page page--home">
      <h1 className="home-greeting">{name ? t('home.greeting', { name }) : t('home.greetingGuest')}</h1>

      <div className="wallet-card" data-testid="wallet-card">
        <div className="wallet-card__top">
          <span className="wallet-card__label">
            <WalletMinimal size={18} aria-hidden /> {t('home.walletTitle')}
          </span>
          <span className="wallet-card__chip">{t('common.comingSoon')}</span>
        </div>
        <p className="wallet-card__caption">{t('home.total')}</p>
        <p className="wallet-card__amount" aria-hidden>
          <span className="wallet-card__currency">฿</span>
          {formatMoney(0)}
        </p>
        <p className="wallet-card__note">{t('home.walletNote')}</p>
        <div className="wallet-card__shine" aria-hidden />
      </div>

      {noticeText && (
        <div className="notice" role="note" aria-label={t('home.notice')} data-testid="home-notice">
          <span className="notice__icon" aria-hidden>
            <Megaphone size={20} />
          </span>
          <div className="notice__body">
            <p className="notice__title">{t('home.notice')}</p>
            <p className="notice__text">{noticeText}</p>
          </div>
        </div>
      )}

      <div className="hint-card">
        <span className="hint-card__plus" aria-hidden>
          <Plus size={18} strokeWidth={3} />
        </span>
        <p>{t('home.quickActions')}</p>
      </div>

      <AgreementModal />
    </section>
  );
}
