import { APP_VERSION } from '@mekong/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/button';
import { ContactDetails } from '@/components/contact-details';
import { PageHeader } from '@/components/page-header';
import { chatWidgetQuery, contactQuery } from '@/lib/lookup-queries';
import '@/features/contact/components/contact.css';

/** Contact text, LINE QR, link and name, app version; the chat entry only when the operator enables it. */
export function ContactPage({ isMember = false }: { isMember?: boolean }) {
  const { t } = useTranslation();
  const { data: contact, isPending } = useQuery(contactQuery);
  const { data: chat } = useQuery(chatWidgetQuery);

  return (
    <section className={`page page--contact${isMember ? ' page--offset' : ''}`}>
      <PageHeader title={t('contact.title')} />
      <div className="card contact-card">
        {isPending ? (
          <span className="spinner" aria-label={t('app.loading')} />
        ) : (
          contact && <ContactDetails contact={contact} testIdPrefix="contact" addLineLabel={t('contact.addLine')} />
        )}
      </div>
      {chat?.enabled && (
        <Button variant="secondary" isBlock onClick={() => toast(t('contact.chatSoon'))} data-testid="chat-widget">
          <MessagesSquare size={20} aria-hidden /> {t('contact.chat')}
        </Button>
      )}
      <p className="app-version" data-testid="app-version">
        {t('contact.version', { version: APP_VERSION })}
      </p>
    </section>
  );
}

export function MemberContactPage() {
  return <ContactPage isMember />;
}
