import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/modal';

export type SheetModalProps = { isOpen: boolean; onOpenChange: (isOpen: boolean) => void };

/**
 * A sheet modal (the promotion screens, slip status) whose body is mounted only while it is open, so the body's
 * queries start, and read again, when the member opens it.
 */
export function sheetModal(testId: string, titleKey: string, Body: ComponentType) {
  return function SheetModal({ isOpen, onOpenChange }: SheetModalProps) {
    const { t } = useTranslation();
    return (
      <Modal isOpen={isOpen} onOpenChange={onOpenChange} variant="sheet" title={t(titleKey)} testId={testId}>
        {isOpen && <Body />}
      </Modal>
    );
  };
}
