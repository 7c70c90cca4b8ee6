import type { ResponseOf } from '@mekong/contracts/contract';
import type { lookupContact } from '@mekong/contracts/lookup';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/lib/i18n';
import { pickLocalized } from '@/lib/localized';
import '@/components/contact-details.css';

type ContactDetailsProps = {
  contact: ResponseOf<typeof lookupContact>;
  /** Prefix of the test ids: `<prefix>-text`, `-line-id`, `-line-link`. */
  testIdPrefix: string;
  addLineLabel: string;
  qrSize?: number;
};

/** The operator's contact text, LINE QR, LINE id and "add on LINE" link (contact page, /terminated). */
export function ContactDetails({ contact, testIdPrefix, addLineLabel, qrSize = 184 }: ContactDetailsProps) {
  const { t, i18n } = useTranslation();
  const text = pickLocalized(contact.text, i18n.language ? currentLocale() : 'th');
  return (
    <>
      {text && (
        <p className="contact-details__text" data-testid={`${testIdPrefix}-text`}>
          {text}
        </p>
      )}
      {contact.lineQr && (
        <figure className="contact-details__qr">
          <img src={contact.lineQr} alt={t('contact.qrAlt')} width={qrSize} height={qrSize} style={{ width: qrSize, height: qrSize }} loading="lazy" />
          <figcaption className="muted">{t('contact.scanQr')}</figcaption>
        </figure>
      )}
      {contact.lineId && (
        <p className="contact-details__line" data-testid={`${testIdPrefix}-line-id`}>
          {t('contact.lineId', { id: contact.lineId })}
        </p>
      )}
      {contact.lineUrl && (
        <a className="btn btn--line btn--block" href={contact.lineUrl} target="_blank" rel="noopener noreferrer" data-testid={`${testIdPrefix}-line-link`}>
          <span className="btn__label">
            {addLineLabel} <ExternalLink size={16} aria-hidden />
          </span>
        </a>
      )}
    </>
  );
}
