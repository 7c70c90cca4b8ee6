import DataLoader from 'dataloader';

/**
 * Gathers the keys that concurrent requests ask for into one call of `loadMany` (docs/decisions/0006). The batch is
 * sent once the event loop has handled the input it had ready (setImmediate), so every request parsed in that turn
 * joins it; an idle server sends a batch of one at once. Nothing is cached: each request reads fresh rows.
 * A key `loadMany` leaves out of its answer loads as undefined; its failure fails every request of the batch.
 */
export function createBatchLoader<K, V>(
  loadMany: (keys: readonly K[]) => Promise<Map<K, V>>,
  options: { maxBatchSize?: number } = {},
) {
  const loader = new DataLoader<K, V | undefined>(
    async (keys) => {
      const found = await loadMany(keys);
      return keys.map((key) => found.get(key));
    },
    {
      cache: false,
      maxBatchSize: options.maxBatchSize ?? 200,
      batchScheduleFn: (send) => setImmediate(send),
    },
  );
  return { load: (key: K) => loader.load(key) };
}
