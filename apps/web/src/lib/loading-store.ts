/** Counts requests in flight so one global indicator can show for all of them. */
let pending = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function beginLoading(): () => void {
  pending += 1;
  emit();
  let isDone = false;
  return () => {
    if (isDone) return;
    isDone = true;
    pending -= 1;
    emit();
  };
}

export function isLoading(): boolean {
  return pending > 0;
}

export function subscribeLoading(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
