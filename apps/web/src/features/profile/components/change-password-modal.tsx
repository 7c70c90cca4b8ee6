import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAlert } from '@/components/alert-provider';
import { Button } from '@/components/button';
import { TextField } from '@/components/form/text-field';
import { Modal } from '@/components/modal';
import { changeMyPassword } from '@/features/profile/api/change-password';
import { errorText } from '@/lib/error-message';

type ChangePasswordForm = { oldPassword: string; newPassword: string; confirmPassword: string };
const emptyForm: ChangePasswordForm = { oldPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Spec §2/§5: old, new, confirm. Saving with any field empty does nothing; new ≠ confirm says so;
 * a server failure is an error alert with its message; success is a "saved" alert and the modal closes.
 */
export function ChangePasswordModal({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (isOpen: boolean) => void }) {
  const { t } = useTranslation();
  const showAlert = useAlert();
  const [mismatch, setMismatch] = useState(false);
  const { register, handleSubmit, reset, formState } = useForm<ChangePasswordForm>({ defaultValues: emptyForm });

  const close = (next: boolean) => {
    if (!next) {
      reset(emptyForm);
      setMismatch(false);
    }
    onOpenChange(next);
  };

  const submit = handleSubmit(async ({ oldPassword, newPassword, confirmPassword }) => {
    if (!oldPassword || !newPassword || !confirmPassword) return;
    if (newPassword !== confirmPassword) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    try {
      await changeMyPassword(oldPassword, newPassword);
    } catch (error) {
      await showAlert({ tone: 'error', title: t('changePassword.failed'), message: errorText(t, error) });
      return;
    }
    close(false);
    await showAlert({ tone: 'success', title: t('changePassword.saved') });
  });

  const onTyping = { onChange: () => setMismatch(false) };

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={close}
      title={t('changePassword.title')}
      testId="change-password-modal"
    >
      <form className="form" noValidate onSubmit={submit}>
        <TextField label={t('changePassword.oldPassword')} isPassword autoComplete="current-password" data-testid="change-password-old" {...register('oldPassword', onTyping)} />
        <TextField label={t('changePassword.newPassword')} isPassword autoComplete="new-password" data-testid="change-password-new" {...register('newPassword', onTyping)} />
        <TextField
          label={t('changePassword.confirmPassword')}
          isPassword
          autoComplete="new-password"
          data-testid="change-password-confirm"
          error={mismatch ? t('changePassword.mismatch') : undefined}
          {...register('confirmPassword', onTyping)}
        />
        <div className="form-row">
          <Button variant="secondary" onClick={() => close(false)} data-testid="change-password-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="submit" isBusy={formState.isSubmitting} data-testid="change-password-save">
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
