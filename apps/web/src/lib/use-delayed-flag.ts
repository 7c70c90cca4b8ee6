import { DELAY } from '@mekong/contracts/constants';
import { useEffect, useState } from 'react';

/** True once `isOn` has stayed true for `delayMs` (docs/spec.md §4: loading indicators appear after 200 ms). */
export function useDelayedFlag(isOn: boolean, delayMs: number = DELAY.loadingIndicatorMs): boolean {
  const [isShown, setShown] = useState(false);
  useEffect(() => {
    if (!isOn) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [isOn, delayMs]);
  return isOn && isShown;
}
