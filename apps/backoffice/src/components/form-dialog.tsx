import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Dialog, type DialogProps } from '@/components/dialog';

export type FormDialogProps = Pick<DialogProps, 'isOpen' | 'onClose' | 'title' | 'description'> & {
  /** What the form does, said plainly above its fields (amount, member). */
  summary?: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitText: string;
  variant?: 'primary' | 'danger';
  isBusy?: boolean;
  children: ReactNode;
};

/** A dialog holding one form: its fields, then Cancel and the submit button. */
export function FormDialog(props: FormDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      isOpen={props.isOpen}
      onClose={props.onClose}
      title={props.title}
      description={props.description}
    >
      <form className="form" onSubmit={props.onSubmit}>
        {props.summary ? <div className="dialog-summary">{props.summary}</div> : null}
        {props.children}
        <div className="form__actions">
          <Button variant="secondary" onClick={props.onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant={props.variant ?? 'primary'} isBusy={props.isBusy}>
            {props.submitText}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
