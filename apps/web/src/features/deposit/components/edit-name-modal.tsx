import { ENGLISH_NAME } from '@mekong/contracts/fields';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAlert } from '@/components/alert-provider';
import { Button } from '@/components/button';
import { TextField } from '@/components/form/text-field';
import { upperCased } from '@/components/form/upper-cased';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { Modal } from '@/components/modal';
import { saveBankAccountName } from '@/features/deposit/api/deposit-api';
import { errorText } from '@/lib/error-message';
import { useDelayedFlag } from '@/lib/use-delayed-flag';

/** Spec §5 account-name edit: letters and spaces only ("English only"), forced upper case. */
export const editNameSchema = z.object({
  bankAccountName: z
    .string()
    .transform((s) => s.trim().replace(/\s+/g, ' ').toUpperCase())
    .pipe(z.string().min(1, { error: 'common.required' }).max(100, { error: 'NAME_TOO_LONG' }).regex(ENGLISH_NAME, { error: 'editName.englishOnly' })),
});

type EditNameModalProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  bankCode: string;
  currentName: string;
  /** After the name is saved and the modal has closed. */
  onSaved: () => void;
};

/** The edit-bank-account-name modal (docs/spec.md §2, §4): PUT /api/account/bankAccountName, closes on success. */
export function EditNameModal({ isOpen, onOpenChange, bankCode, currentName, onSaved }: EditNameModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const showAlert = useAlert();
  const { field, handleSubmit, formState } = useSchemaForm(editNameSchema, { bankAccountName: /^[A-Za-z ]*$/.test(currentName) ? currentName : '' });
  const { isSubmitting } = formState;
  const isBusyShown = useDelayedFlag(isSubmitting);

  const submit = handleSubmit(async ({ bankAccountName }) => {
    try {
      await saveBankAccountName(queryClient, bankCode, bankAccountName);
    } catch (error) {
      await showAlert({ tone: 'error', title: t('editName.failed'), message: errorText(t, error) });
      return;
    }
    onOpenChange(false);
    onSaved();
  });

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(next) => !isSubmitting && onOpenChange(next)}
      title={t('editName.title')}
      description={t('editName.description')}
      testId="edit-name-modal"
    >
      <form className="form" noValidate onSubmit={submit}>
        {currentName && (
          <p className="edit-name__current">
            <span className="muted">{t('editName.current')}</span> <span lang="th">{currentName}</span>
          </p>
        )}
        <TextField
          label={t('editName.label')}
          className="field--upper"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="SOMCHAI JAIDEE"
          hint={t('editName.hint')}
          data-testid="edit-name-input"
          {...upperCased(field('bankAccountName'))}
        />
        <div className="form-row">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isSubmitting} data-testid="edit-name-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={isSubmitting} isBusy={isBusyShown} data-testid="edit-name-save">
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
