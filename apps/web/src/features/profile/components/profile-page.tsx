import { useQuery } from '@tanstack/react-query';
import { Landmark, LockKeyhole, UserRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '@/components/language-switcher';
import { Loading } from '@/components/loading';
import { ChangePasswordModal } from '@/features/profile/components/change-password-modal';
import { DateEraSwitch } from '@/features/profile/components/date-era-switch';
import { useDateEra } from '@/lib/use-date-era';
import { profileQuery } from '@/lib/member-queries';
import { formatAccountNumber, formatDateTime } from '@/lib/format';
import '@/features/profile/components/profile.css';
import { Button } from '@/components/button';

function Row({ label, value, testId, isMono = false }: { label: string; value: ReactNode; testId: string; isMono?: boolean }) {
  return (
    <div className="info-row">
      <dt className="info-row__label">{label}</dt>
      <dd className={`info-row__value${isMono ? ' info-row__value--mono' : ''}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** A card of label/value rows under a titled heading with its icon. */
function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="card">
      <h2 className="card__title">
        {icon} {title}
      </h2>
      <dl className="info-list">{children}</dl>
    </div>
  );
}

export function ProfilePage() {
  const { t } = useTranslation();
  const { data, isPending } = useQuery(profileQuery);
  const [isPasswordOpen, setPasswordOpen] = useState(false);
  const dates = useDateEra();

  const profile = data?.profile;
  const bankAccount = data?.bankAccount;

  return (
    <section className="page">
      <div className="profile-hero">
        <span className="profile-hero__avatar" aria-hidden>
          {profile?.name.trim().charAt(0).toUpperCase() || <UserRound size={28} />}
        </span>
        <div className="profile-hero__text">
          <h1 className="profile-hero__name">{profile?.name ?? t('profile.title')}</h1>
          <p className="profile-hero__sub">{profile?.username}</p>
        </div>
      </div>

      {isPending && !data ? (
        <Loading isCard />
      ) : (
        <>
          <InfoCard icon={<UserRound size={18} aria-hidden />} title={t('profile.account')}>
            <Row label={t('profile.name')} value={profile?.name} testId="profile-name" />
            <Row label={t('profile.id')} value={profile?._id} testId="profile-id" isMono />
            <Row label={t('profile.createdAt')} value={profile ? formatDateTime(profile.createdAt, dates) : ''} testId="profile-created-at" isMono />
            <Row label={t('profile.username')} value={profile?.username} testId="profile-username" isMono />
            <Button variant="secondary" isBlock onClick={() => setPasswordOpen(true)} data-testid="profile-change-password">
              <LockKeyhole size={18} aria-hidden /> {t('profile.changePassword')}
            </Button>
          </InfoCard>
          <InfoCard icon={<Landmark size={18} aria-hidden />} title={t('profile.bankSection')}>
            <Row label={t('profile.bankAccountName')} value={bankAccount?.bankAccountName} testId="profile-bank-account-name" />
            <Row label={t('profile.bankName')} value={bankAccount?.bank.nameTH} testId="profile-bank-name" />
            <Row
              label={t('profile.bankAccountNo')}
              value={bankAccount ? formatAccountNumber(bankAccount.bankAccountNo) : ''}
              testId="profile-bank-account-no"
              isMono
            />
          </InfoCard>
        </>
      )}

      <div className="card card--flat">
        <h2 className="card__title">{t('language.label')}</h2>
        <LanguageSwitcher tone="dark" />
        <h2 className="card__title profile-setting__title">{t('profile.dateEra')}</h2>
        <DateEraSwitch />
      </div>

      <ChangePasswordModal isOpen={isPasswordOpen} onOpenChange={setPasswordOpen} />
    </section>
  );
}

export default ProfilePage;
