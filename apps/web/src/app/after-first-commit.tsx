import { useLayoutEffect, useRef, type ReactNode } from 'react';

/** Calls `onCommit` once, right after the first commit of its children, before the browser paints it. */
export function AfterFirstCommit({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  const isDone = useRef(false);
  useLayoutEffect(() => {
    if (isDone.current) return;
    isDone.current = true;
    onCommit();
  }, [onCommit]);
  return children;
}
