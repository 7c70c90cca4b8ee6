/** Runs `fn` over `items` with at most `width` at a time (outside calls: bounded, never all at once). */
export async function forEachPooled<T>(
  items: readonly T[],
  width: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}
