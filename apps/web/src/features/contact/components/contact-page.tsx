import { APP_VERSION } from '@mekong/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactDetails } from '@/components/contact-details';
import { PageHeader } from '@/components/page-header';
import { contactQuery } from '@/lib/lookup-queries';
import '@/features/contact/components/contact.css';

type ContactPageProps = {
  isMember?: boolean;
  /** The support chat's entry, composed in by the app (it shows only while the operator enables the chat). */
  chat?: ReactNode;
};

/** Contact text, LINE QR, link and name, app version, and the chat (docs/spec.md §2). */
export function ContactPage({ isMember = false, chat }: ContactPageProps) {
  const { t } = useTranslation();
  const { data: contact, isPending } = useQuery(contactQuery);

  return (
    <section className={`page page--contact${isMember ? ' page--offset' : ''}`}>
      <PageHeader title={t('contact.title')} />
      {chat}
      <div className="card contact-card">
        {isPending ? (
          <span className="spinner" aria-label={t('app.loading')} />
        ) : (
          contact && <ContactDetails contact={contact} testIdPrefix="contact" addLineLabel={t('contact.addLine')} />
        )}
      </div>
      <p className="app-version" data-testid="app-version">
        {t('contact.version', { version: APP_VERSION })}
      </p>
    </section>
  );
}
