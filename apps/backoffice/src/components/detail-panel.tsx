import type { ReactNode } from 'react';
import { Dialog } from '@/components/dialog';

type DetailPanelProps = {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  /** `data-testid` of the panel (the screen's own name for its detail). */
  testId?: string;
  children: ReactNode;
};

/**
 * The one way a selected item's details open in the back office (queues, members, audit; docs/back-office/triage.md):
 * a panel along the right edge, full height, closed by Escape, its close button or a click beside it.
 */
export function DetailPanel({ isOpen, onClose, title, testId, children }: DetailPanelProps) {
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title} size="side" testId={testId}>
      {children}
    </Dialog>
  );
}
