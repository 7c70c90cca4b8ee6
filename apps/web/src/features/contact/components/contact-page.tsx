import { APP_VERSION } from '@mekong/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/button';
import { PageHeader } from '@/components/page-header';
import { chatWidgetQuery, contactQuery } from '@/lib/lookup-queries';
import { currentLocale } from '@/lib/i18n';
import { pickLocalized } from '@/lib/localized';
import '@/features/contact/components/contact.css';

/** Contact text, LINE QR, link and name, app version; the chat entry only when the operator enables it. */
export function ContactPage({ isMember = false }: { isMember?: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language ? currentLocale() : 'th';
  const { data: contact, isPending } = useQuery(contactQuery);
  const { data: chat } = useQuery(chatWidgetQuery);
  const text = pickLocalized(contact?.text, locale);

  return (
    <section className={`page page--contact${isMember ? ' page--offset' : ''}`}>
      <PageHeader title={t('contact.title')} />
      <div className="card contact-card">
        {isPending ? (
          <span className="spinner" aria-label={t('app.loading')} />
        ) : (
          <>
            {text && (
              <p className="contact-card__text" data-testid="contact-text">
                {text}
              </p>
            )}
            {contact?.lineQr && (
              <figure className="contact-card__qr">
                <img src={contact.lineQr} alt={t('contact.qrAlt')} width={184} height={184} loading="lazy" />
                <figcaption className="muted">{t('contact.scanQr')}</figcaption>
              </figure>
            )}
            {contact?.lineId && (
              <p className="contact-card__line" data-testid="contact-line-id">
                {t('contact.lineId', { id: contact.lineId })}
              </p>
            )}
            {contact?.lineUrl && (
              <a className="btn btn--line btn--block" href={contact.lineUrl} target="_blank" rel="noopener noreferrer">
                <span className="btn__label">
                  {t('contact.addLine')} <ExternalLink size={16} aria-hidden />
                </span>
              </a>
            )}
          </>
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
