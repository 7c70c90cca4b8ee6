import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useWheelSpin } from '@/features/spinwheel/hooks/use-wheel-spin';
import { FRAME_MS, sliceIndexAt, spinFrames } from '@/features/spinwheel/hooks/wheel-math';

let reduceMotion = false;

beforeEach(() => {
  reduceMotion = false;
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance', 'setTimeout', 'Date'] });
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduceMotion && query.includes('reduce'), media: query }));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useWheelSpin', () => {
  it('animates frame by frame, slowing down, and stops exactly on the slice asked for', async () => {
    const { result } = renderHook(() => useWheelSpin());
    let isDone = false;
    act(() => {
      void result.current.spinTo(5, 8).then(() => {
        isDone = true;
      });
    });
    expect(result.current.isSpinning).toBe(true);

    const seen: number[] = [];
    for (let second = 0; second < 3; second += 1) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
      seen.push(result.current.rotation);
    }
    // Still turning after 3 s, and each second covers less than the one before.
    expect(isDone).toBe(false);
    expect(seen[1]! - seen[0]!).toBeLessThan(seen[0]!);
    expect(seen[2]! - seen[1]!).toBeLessThan(seen[1]! - seen[0]!);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(spinFrames() * FRAME_MS);
    });
    expect(isDone).toBe(true);
    expect(result.current.isSpinning).toBe(false);
    expect(sliceIndexAt(result.current.rotation, 8)).toBe(5);
    // At least two whole turns (docs/spec.md §9).
    expect(result.current.rotation).toBeGreaterThanOrEqual(2 * Math.PI * 2);
  });

  it('turns straight to the landing when the member asked for reduced motion', async () => {
    reduceMotion = true;
    const { result } = renderHook(() => useWheelSpin());
    await act(async () => {
      await result.current.spinTo(2, 6);
    });
    expect(result.current.isSpinning).toBe(false);
    expect(sliceIndexAt(result.current.rotation, 6)).toBe(2);
  });

  it('keeps landing right when it spins again from where it stopped', async () => {
    reduceMotion = true;
    const { result } = renderHook(() => useWheelSpin());
    for (const index of [0, 7, 3, 3]) {
      const before = result.current.rotation;
      await act(async () => {
        await result.current.spinTo(index, 8);
      });
      expect(sliceIndexAt(result.current.rotation, 8)).toBe(index);
      expect(result.current.rotation).toBeGreaterThan(before);
    }
  });
});
