import { useEffect, useRef, type RefObject } from 'react';

/** Moves focus to `ref` whenever `value` changes after the first render, so screen readers announce the new step. */
export function useFocusOnChange(ref: RefObject<HTMLElement | null>, value: unknown): void {
  const isFirstRender = useRef(true);
  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    ref.current?.focus();
  }, [ref, value]);
}
