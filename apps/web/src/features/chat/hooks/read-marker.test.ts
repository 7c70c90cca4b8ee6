import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReadMarker } from '@/features/chat/hooks/read-marker';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('createReadMarker (read-mark debounce 1 s, docs/spec.md §9)', () => {
  it('sends once a second however often it is asked', () => {
    const send = vi.fn();
    const marker = createReadMarker(send, 1000);
    marker.request();
    vi.advanceTimersByTime(400);
    marker.request();
    marker.request();
    vi.advanceTimersByTime(599);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledTimes(1);
    marker.request();
    vi.advanceTimersByTime(1000);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('sends nothing after cancel', () => {
    const send = vi.fn();
    const marker = createReadMarker(send, 1000);
    marker.request();
    marker.cancel();
    vi.advanceTimersByTime(5000);
    expect(send).not.toHaveBeenCalled();
  });
});
