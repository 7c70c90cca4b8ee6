import { WHEEL } from '@mekong/contracts/spinwheel';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FRAME_MS, landingRotation, pickExtraTurns, rotationAt, spinFrames } from '@/features/spinwheel/hooks/wheel-math';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The wheel's rotation and its spin (docs/spec.md §4, §9): friction 0.991, 2 to 4 extra turns, landing on the slice the
 * server chose. With reduced motion asked for, the wheel is simply turned to the landing at once.
 */
export function useWheelSpin() {
  const [rotation, setRotation] = useState(0);
  const [isSpinning, setSpinning] = useState(false);
  const rotationRef = useRef(0);
  const frameRef = useRef<number | null>(null);

  useEffect(
    () => () => {
      if (frameRef.current !== null) cancelAnimationFrame(frameRef.current);
    },
    [],
  );

  const turnTo = useCallback((value: number) => {
    rotationRef.current = value;
    setRotation(value);
  }, []);

  /** Spins onto slice `index` of `count`; resolves when the wheel stands still. */
  const spinTo = useCallback(
    (index: number, count: number) =>
      new Promise<void>((resolve) => {
        const start = rotationRef.current;
        const end = landingRotation({
          current: start,
          index,
          count,
          extraTurns: pickExtraTurns(Math.random()),
          offset: Math.random() * 2 - 1,
        });
        if (prefersReducedMotion()) {
          turnTo(end);
          resolve();
          return;
        }
        const frames = spinFrames(WHEEL.friction);
        const startedAt = performance.now();
        setSpinning(true);
        const step = (now: number) => {
          const frame = Math.floor((now - startedAt) / FRAME_MS);
          turnTo(rotationAt(start, end, frame, frames));
          if (frame >= frames) {
            frameRef.current = null;
            setSpinning(false);
            resolve();
          } else {
            frameRef.current = requestAnimationFrame(step);
          }
        };
        frameRef.current = requestAnimationFrame(step);
      }),
    [turnTo],
  );

  return { rotation, isSpinning, spinTo };
}
