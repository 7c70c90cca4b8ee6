import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { reasonSchema } from '@mekong/contracts/admin/admin-contract';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';

type ReasonDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  /** What the decision does, said plainly (amount, member). */
  summary?: ReactNode;
  confirmText: string;
  variant?: 'primary' | 'danger';
  isReasonRequired?: boolean;
  isBusy?: boolean;
  onConfirm: (reason: string) => void;
};

/** Confirms a decision with the reason the operator types (kept in the audit trail). */
export function ReasonDialog(props: ReasonDialogProps) {
  const { t } = useTranslation();
  const schema = z.object({
    reason: props.isReasonRequired === false ? z.string().trim().max(500) : reasonSchema,
  });
  const form = useForm<{ reason: string }>({
    resolver: zodResolver(schema),
    defaultValues: { reason: '' },
  });
  useEffect(() => {
    if (props.isOpen) form.reset({ reason: '' });
  }, [props.isOpen, form]);
  const error = form.formState.errors.reason?.message;
  return (
    <Dialog isOpen={props.isOpen} onClose={props.onClose} title={props.title}>
      <form
        className="form"
        onSubmit={(event) => void form.handleSubmit((v) => props.onConfirm(v.reason))(event)}
      >
        {props.summary ? <div className="dialog-summary">{props.summary}</div> : null}
        <label className="field">
          <span>{props.isReasonRequired === false ? t('reasonOptional') : t('reason')}</span>
          <textarea rows={3} maxLength={500} {...form.register('reason')} />
        </label>
        {error ? (
          <p className="error-text" role="alert">
            {t(`common:errors.${error}`, { defaultValue: error })}
          </p>
        ) : null}
        <div className="form__actions">
          <Button variant="secondary" onClick={props.onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant={props.variant ?? 'primary'} isBusy={props.isBusy}>
            {props.confirmText}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
