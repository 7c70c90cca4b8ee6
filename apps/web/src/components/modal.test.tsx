import { render, screen } from '@testing-library/react';
import { Profiler, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from '@/components/modal';

function Page({ isOpen, onCommit }: { isOpen: boolean; onCommit: (phase: string) => void }) {
  const [, setOpen] = useState(isOpen);
  return (
    <Profiler id="page" onRender={(_id, phase) => onCommit(phase)}>
      <Modal isOpen={isOpen} onOpenChange={setOpen} title="Title" testId="the-modal">
        Body
      </Modal>
    </Profiler>
  );
}

describe('Modal', () => {
  // A page's closed dialogs must not make React render it again right after it first shows: that second render and
  // its effects happen in the same task on a slow phone (docs/decisions/0017-first-load.md).
  it('mounts closed with one commit and no dialog in the page', () => {
    const commits: string[] = [];
    render(<Page isOpen={false} onCommit={(phase) => commits.push(phase)} />);
    expect(commits).toEqual(['mount']);
    expect(screen.queryByTestId('the-modal')).toBeNull();
  });

  it('opens, closes and opens again', () => {
    const { rerender } = render(<Page isOpen={false} onCommit={() => {}} />);
    rerender(<Page isOpen onCommit={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Title' })).toHaveTextContent('Body');
    rerender(<Page isOpen={false} onCommit={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(<Page isOpen onCommit={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Title' })).toBeVisible();
  });
});
