import { useQuery } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ContactDetails } from '@/components/contact-details';
import { LoadFailed, Skeleton } from '@/components/query-states';
import { contactQuery } from '@/lib/lookup-queries';

/** The operator's contact details on /terminated (issue 9): a member with money left needs a way to reach them. */
export function TerminatedContact() {
  const { t } = useTranslation();
  const { data: contact, isPending, isError, refetch, isRefetching } = useQuery(contactQuery);

  return (
    <section className="standalone__card card terminated-contact" aria-labelledby="terminated-contact-title" data-testid="terminated-contact">
      <h2 className="terminated-contact__title" id="terminated-contact-title">
        <MessageCircle size={20} aria-hidden /> {t('session.terminatedHelp')}
      </h2>
      {isPending ? (
        <Skeleton lines={3} />
      ) : isError ? (
        <LoadFailed onRetry={() => void refetch()} isRetrying={isRefetching} />
      ) : (
        <ContactDetails contact={contact} testIdPrefix="terminated" addLineLabel={t('session.terminatedAddLine')} qrSize={148} />
      )}
    </section>
  );
}
