import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { useLogout } from '@/features/auth/hooks/use-logout';
import '@/features/auth/components/auth.css';

type LogoutConfirmProps = { isOpen: boolean; onOpenChange: (isOpen: boolean) => void };

/** The header's logout asks first (issue 9): a stray tap must not sign the member out. */
export function LogoutConfirm({ isOpen, onOpenChange }: LogoutConfirmProps) {
  const { t } = useTranslation();
  const onLogout = useLogout();
  const [isBusy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onLogout();
    } finally {
      setBusy(false);
      onOpenChange(false);
    }
  };
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={t('session.logoutTitle')}
      description={t('session.logoutBody')}
      role="alertdialog"
      testId="logout-confirm"
      footer={
        <div className="logout-confirm__actions">
          <Button variant="secondary" onClick={() => onOpenChange(false)} data-testid="logout-cancel">
            {t('session.stay')}
          </Button>
          <Button isBusy={isBusy} onClick={() => void confirm()} data-testid="logout-confirm-button">
            {t('session.logoutConfirm')}
          </Button>
        </div>
      }
    />
  );
}
