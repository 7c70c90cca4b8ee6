import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { SafeHtml } from '@/components/safe-html';
import { Loading } from '@/components/loading';
import { conditionsQuery } from '@/lib/lookup-queries';
import { currentLocale } from '@/lib/i18n';
import { pickLocalized } from '@/lib/localized';

/** Conditions lookup failures are swallowed (docs/spec.md §8): the modal then just says there is nothing to show. */
export function ConditionsModal({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (isOpen: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const { data, isPending } = useQuery({ ...conditionsQuery, enabled: isOpen });
  const locale = i18n.language ? currentLocale() : 'th';
  const title = pickLocalized(data?.title, locale) || t('conditions.title');
  const html = pickLocalized(data?.html, locale);

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={title}
      testId="conditions-modal"
      footer={
        <Button isBlock onClick={() => onOpenChange(false)}>
          {t('common.close')}
        </Button>
      }
    >
      {isPending ? (
        <Loading />
      ) : html ? (
        <SafeHtml html={html} />
      ) : (
        <p className="muted">{t('conditions.empty')}</p>
      )}
    </Modal>
  );
}
