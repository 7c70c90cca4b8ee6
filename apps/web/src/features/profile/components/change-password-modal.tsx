import { changePasswordBodySchema } from '@mekong/contracts/account';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAlert } from '@/components/alert-provider';
import { Button } from '@/components/button';
import { FormErrorSlot } from '@/components/form/form-error-slot';
import { LimitNotice } from '@/components/form/limit-notice';
import { TextField } from '@/components/form/text-field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { Modal } from '@/components/modal';
import { changeMyPassword } from '@/features/profile/api/change-password';
import { errorCodeOf, errorText } from '@/lib/error-message';

/** The contract's body plus the confirmation, which must match the new password. */
const changePasswordFormSchema = z
  .object({
    oldPassword: changePasswordBodySchema.shape.oldPassword,
    newPassword: changePasswordBodySchema.shape.newPassword,
    confirmPassword: z.string().min(1, { error: 'common.required' }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], error: 'changePassword.mismatch' });

const emptyForm = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** The field a refusal of the change concerns; anything else (a limit, the network) shows under the form. */
function fieldOf(code: string): 'oldPassword' | 'newPassword' | null {
  if (code === 'WRONG_PASSWORD') return 'oldPassword';
  if (code.startsWith('PASSWORD_') || code === 'INVALID_CHARACTERS') return 'newPassword';
  return null;
}

/**
 * Spec §2/§5: old, new, confirm. Every rule and every refusal shows at its field as the member types (the one form
 * style); a limit says when to try again; success says what changed and closes the modal.
 */
export function ChangePasswordModal({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (isOpen: boolean) => void }) {
  const { t } = useTranslation();
  const showAlert = useAlert();
  const [formError, setFormError] = useState<unknown>(null);
  const { field, handleSubmit, reset, setError, formState } = useSchemaForm(changePasswordFormSchema, emptyForm);

  const close = (next: boolean) => {
    if (!next) {
      reset(emptyForm);
      setFormError(null);
    }
    onOpenChange(next);
  };

  const submit = handleSubmit(async ({ oldPassword, newPassword }) => {
    setFormError(null);
    try {
      await changeMyPassword(oldPassword, newPassword);
    } catch (error) {
      const name = fieldOf(errorCodeOf(error));
      if (name) setError(name, { message: errorCodeOf(error) }, { shouldFocus: true });
      else setFormError(error);
      return;
    }
    close(false);
    await showAlert({ tone: 'success', title: t('changePassword.saved'), message: t('changePassword.savedText') });
  });

  return (
    <Modal isOpen={isOpen} onOpenChange={close} title={t('changePassword.title')} testId="change-password-modal">
      <form className="form" noValidate onSubmit={submit}>
        <TextField label={t('changePassword.oldPassword')} isPassword autoComplete="current-password" data-testid="change-password-old" {...field('oldPassword')} />
        <TextField label={t('changePassword.newPassword')} isPassword autoComplete="new-password" hint={t('forgotPassword.passwordHint')} data-testid="change-password-new" {...field('newPassword')} />
        <TextField label={t('changePassword.confirmPassword')} isPassword autoComplete="new-password" data-testid="change-password-confirm" {...field('confirmPassword')} />
        <FormErrorSlot text={formError !== null ? errorText(t, formError) : null} testId="change-password-error" />
        <LimitNotice error={formError} helpPath="/user/contact" />
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
