import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type DialogProps = {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  children: ReactNode;
  footer?: ReactNode;
  /**
   * `panel`: at the top right under the header, beside what opened it (the notices); `side`: along the right edge,
   * full height, the details of a selected item (use DetailPanel).
   */
  size?: 'narrow' | 'wide' | 'panel' | 'side';
  testId?: string;
};

/** The one dialog of the back office (focus trap, Escape, labelled title). */
export function Dialog({
  isOpen,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'narrow',
  testId,
}: DialogProps) {
  const { t } = useTranslation();
  return (
    <RadixDialog.Root open={isOpen} onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={`dialog-overlay dialog-overlay--${size}`} />
        <RadixDialog.Content
          className={`dialog dialog--${size}`}
          data-testid={testId}
          aria-describedby={description ? undefined : undefined}
        >
          <header className="dialog__header">
            <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
            <RadixDialog.Close className="icon-button" aria-label={t('close')}>
              <X size={18} aria-hidden />
            </RadixDialog.Close>
          </header>
          {description ? (
            <RadixDialog.Description className="dialog__description">
              {description}
            </RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="visually-hidden">{title}</RadixDialog.Description>
          )}
          <div className="dialog__body">{children}</div>
          {footer ? <footer className="dialog__footer">{footer}</footer> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
