/**
 * `load` run at most once at a time and its result kept: every call gets the same promise. A load that failed (a
 * dropped connection, a chunk that did not arrive) is not kept, so the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
