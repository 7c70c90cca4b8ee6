import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GlobalLoading } from '@/components/global-loading';
import { beginLoading } from '@/lib/loading-store';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('GlobalLoading', () => {
  it('appears only once a request has run for 200 ms', () => {
    render(<GlobalLoading />);
    let done = () => {};
    act(() => {
      done = beginLoading();
    });
    act(() => vi.advanceTimersByTime(199));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    act(() => done());
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('never shows for a request that ends sooner', () => {
    render(<GlobalLoading />);
    act(() => {
      const done = beginLoading();
      vi.advanceTimersByTime(150);
      done();
    });
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
