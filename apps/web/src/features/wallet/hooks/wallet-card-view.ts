import type { WalletResponse } from '@mekong/contracts/wallet';

/**
 * What the wallet card shows (docs/design.md#member-app: a failed load is never drawn as zero):
 * - `live`: the figures of the last answer;
 * - `updating`: the first read is running; the last known figures (the local-storage copy) marked with their time;
 * - `loading`: the first read is running and nothing is known yet: a skeleton, no figure;
 * - `stale`: the read failed; the last known figures, marked, with the error and a retry;
 * - `failed`: the read failed and nothing is known: the error and a retry, no figure.
 */
export type WalletCardView =
  | { kind: 'live'; data: WalletResponse }
  | { kind: 'updating'; data: WalletResponse }
  | { kind: 'loading' }
  | { kind: 'stale'; data: WalletResponse; error: unknown }
  | { kind: 'failed'; error: unknown };

type WalletQueryState = { data: WalletResponse | undefined; isPlaceholderData: boolean; isError: boolean; error: unknown };

/**
 * TanStack Query drops placeholder data once the query fails, so after a failure the stored copy is read here.
 * `readStored` is only called then.
 */
export function walletCardView(query: WalletQueryState, readStored: () => WalletResponse | undefined): WalletCardView {
  if (query.isError) {
    const known = query.data ?? readStored();
    return known ? { kind: 'stale', data: known, error: query.error } : { kind: 'failed', error: query.error };
  }
  if (!query.data) return { kind: 'loading' };
  return query.isPlaceholderData ? { kind: 'updating', data: query.data } : { kind: 'live', data: query.data };
}

/** The figures the card may draw; none while loading or failed with nothing known. */
export function figuresOf(view: WalletCardView): WalletResponse | undefined {
  return 'data' in view ? view.data : undefined;
}
