import { useEffect, useState } from 'react';

/** Whole seconds from `nowMs` until `untilMs`, rounded up (so the first tick shows the full time), never below 0. */
export function secondsLeft(untilMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((untilMs - nowMs) / 1000));
}

/**
 * Seconds left until `untilMs` (epoch ms), re-read every second and resting at 0; 0 when unset. `sinceMs` is when
 * the deadline was learnt: one learnt after the last tick must not show more time than it was given.
 * Used by the QR countdown (docs/spec.md §4) and the one-time-code resend wait.
 */
export function useCountdown(untilMs: number | null, sinceMs = 0): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (untilMs === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= untilMs) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [untilMs]);
  return untilMs === null ? 0 : secondsLeft(untilMs, Math.max(now, sinceMs));
}
