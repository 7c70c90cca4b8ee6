import { useEffect, useState } from 'react';
import { secondsLeft } from '@/features/deposit/hooks/countdown';

/**
 * Seconds left of a QR read at `readAtMs` with `expireIn` seconds to go, re-read every second (spec §4) and
 * resting at 0. `null` when there is no QR.
 */
export function useQrCountdown(readAtMs: number, expiresAtMs: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (expiresAtMs === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= expiresAtMs) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [expiresAtMs]);
  // A QR read after the last tick must not show more time than it was given.
  return expiresAtMs === null ? 0 : secondsLeft(expiresAtMs, Math.max(now, readAtMs));
}
