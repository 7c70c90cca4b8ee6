const TOUCHES = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * Runs `fn` once, on the member's first tap, key or focus in the page; returns the clean-up. The first pages load what
 * only a member's input needs (validation, the next steps) then, not before the page can be used
 * (docs/decisions/0017-first-load.md).
 */
export function onFirstTouch(fn: () => void): () => void {
  let isDone = false;
  const onTouch = () => {
    if (isDone) return;
    isDone = true;
    stop();
    fn();
  };
  const stop = () => {
    for (const type of TOUCHES) document.removeEventListener(type, onTouch, true);
  };
  for (const type of TOUCHES)
    document.addEventListener(type, onTouch, { capture: true, passive: true });
  return stop;
}
