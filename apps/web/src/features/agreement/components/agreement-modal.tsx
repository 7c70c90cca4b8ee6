import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { SafeHtml } from '@/components/safe-html';
import { useAgreementGate } from '@/features/agreement/hooks/use-agreement-gate';
import { currentLocale } from '@/lib/i18n';
import { pickLocalized } from '@/lib/localized';

export function AgreementModal() {
  const { t, i18n } = useTranslation();
  const { isOpen, agreement, onAccept } = useAgreementGate();
  const locale = i18n.language ? currentLocale() : 'th';

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={() => {}}
      isDismissible={false}
      title={pickLocalized(agreement?.title, locale) || t('agreement.title')}
      testId="agreement-modal"
      footer={
        <Button variant="primary" isBlock onClick={onAccept}>
          {t('agreement.accept')}
        </Button>
      }
    >
      <SafeHtml html={pickLocalized(agreement?.html, locale)} />
    </Modal>
  );
}
