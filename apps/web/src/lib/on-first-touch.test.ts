import { describe, expect, it, vi } from 'vitest';
import { onFirstTouch } from '@/lib/on-first-touch';

describe('onFirstTouch', () => {
  it('runs once, on the first tap, key or focus, and not before', () => {
    const fn = vi.fn();
    const stop = onFirstTouch(fn);
    expect(fn).not.toHaveBeenCalled();
    document.body.dispatchEvent(new Event('keydown', { bubbles: true }));
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    document.body.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(fn).toHaveBeenCalledTimes(1);
    stop();
  });

  it('catches a focus that does not bubble to the page (a field focused by a script)', () => {
    const fn = vi.fn();
    const stop = onFirstTouch(fn);
    const input = document.createElement('input');
    document.body.append(input);
    input.dispatchEvent(new FocusEvent('focusin'));
    expect(fn).toHaveBeenCalledTimes(1);
    stop();
    input.remove();
  });

  it('does nothing after its clean-up', () => {
    const fn = vi.fn();
    onFirstTouch(fn)();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(fn).not.toHaveBeenCalled();
  });
});
