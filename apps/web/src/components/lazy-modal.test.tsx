import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyModal } from '@/components/lazy-modal';

type Props = { isOpen: boolean; onOpenChange: (isOpen: boolean) => void; label: string };

function Loaded({ isOpen, label }: Props) {
  return isOpen ? <div data-testid="loaded">{label}</div> : null;
}

function Page({ Modal, initial = false }: { Modal: (props: Props) => React.JSX.Element | null; initial?: boolean }) {
  const [isOpen, setOpen] = useState(initial);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <span data-testid="state">{isOpen ? 'open' : 'closed'}</span>
      <Modal isOpen={isOpen} onOpenChange={setOpen} label="deposit" />
    </>
  );
}

describe('lazyModal', () => {
  // The page that holds the dialog closed must not load its code (docs/decisions/0017-first-load.md).
  it('loads nothing until the dialog first opens, then renders it with its props', async () => {
    const load = vi.fn(async () => Loaded);
    const Modal = lazyModal<Props>(load);
    render(<Page Modal={Modal} />);
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByTestId('loaded')).toBeNull();

    screen.getByText('open').click();
    expect(await screen.findByTestId('loaded')).toHaveTextContent('deposit');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a dialog opened from the start loads at once; a second page uses what was loaded', async () => {
    const load = vi.fn(async () => Loaded);
    const Modal = lazyModal<Props>(load);
    const first = render(<Page Modal={Modal} initial />);
    expect(await screen.findByTestId('loaded')).toBeInTheDocument();
    first.unmount();
    render(<Page Modal={Modal} initial />);
    expect(screen.getByTestId('loaded')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('closes again when its code does not load, and loads again on the next opening', async () => {
    const load = vi
      .fn<() => Promise<typeof Loaded>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Loaded);
    const Modal = lazyModal<Props>(load);
    render(<Page Modal={Modal} />);

    screen.getByText('open').click();
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('closed'));
    expect(screen.queryByTestId('loaded')).toBeNull();

    screen.getByText('open').click();
    expect(await screen.findByTestId('loaded')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
