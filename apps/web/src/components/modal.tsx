import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '@/components/modal.css';

type ModalProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** `sheet` slides up from the bottom edge; `center` is a card in the middle. */
  variant?: 'center' | 'sheet';
  /** When false the member must use a button inside (no close icon, no Escape, no outside tap). */
  isDismissible?: boolean;
  role?: 'dialog' | 'alertdialog';
  testId?: string;
  /** A class of the dialog itself, for a screen that sizes it (the chat fills the sheet's height). */
  className?: string;
};

/**
 * Radix Dialog underneath: focus trap, Escape, aria-modal, and scroll lock of the page (docs/spec.md §2) while open.
 */
export function Modal({
  isOpen,
  onOpenChange,
  title,
  description,
  children,
  footer,
  variant = 'center',
  isDismissible = true,
  role = 'dialog',
  testId,
  className,
}: ModalProps) {
  const { t } = useTranslation();
  // Mounted from its first opening on (kept after, for the closing animation). Radix's dialog updates its state in a
  // layout effect when it mounts: a page with closed dialogs would otherwise be rendered a second time, synchronously,
  // with every effect, in the very task that first shows it (docs/decisions/0017-first-load.md).
  const [hasOpened, setOpened] = useState(isOpen);
  if (isOpen && !hasOpened) setOpened(true);
  const blockDismiss = (event: Event) => {
    if (!isDismissible) event.preventDefault();
  };
  if (!hasOpened) return null;
  return (
    <Dialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={`modal-overlay modal-overlay--${variant}`} />
        <Dialog.Content
          className={`modal modal--${variant}${className ? ` ${className}` : ''}`}
          role={role}
          data-testid={testId}
          onEscapeKeyDown={blockDismiss}
          onPointerDownOutside={blockDismiss}
          onInteractOutside={blockDismiss}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          {variant === 'sheet' && <div className="modal__grabber" aria-hidden />}
          <div className="modal__header">
            <Dialog.Title className="modal__title">{title}</Dialog.Title>
            {isDismissible && (
              <Dialog.Close className="icon-btn modal__close" aria-label={t('common.close')}>
                <X size={22} aria-hidden />
              </Dialog.Close>
            )}
          </div>
          {description && <Dialog.Description className="modal__description">{description}</Dialog.Description>}
          {children && <div className="modal__body">{children}</div>}
          {footer && <div className="modal__footer">{footer}</div>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
