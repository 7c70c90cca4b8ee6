import type { ReactNode } from 'react';
import { Modal } from '@/components/modal';

export type SheetModalProps = { isOpen: boolean; onOpenChange: (isOpen: boolean) => void };

/**
 * A sheet modal whose body is mounted only while it is open, so the body's queries start (and read again) when the
 * member opens it.
 */
export function SheetModal({
  isOpen,
  onOpenChange,
  title,
  testId,
  children,
}: SheetModalProps & { title: string; testId: string; children: ReactNode }) {
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      variant="sheet"
      title={title}
      testId={testId}
    >
      {isOpen && children}
    </Modal>
  );
}
