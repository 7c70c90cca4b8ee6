import type { WaitingItem, WaitingMoneyResponse } from '@mekong/contracts/waiting-money';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiCall } from '@/lib/api-client';
import { formatAmount } from '@/lib/format';
import { loadContracts } from '@/lib/load-contracts';
import { WALLET_POLL_MS } from '@/lib/member-queries';
import { queryKeys } from '@/lib/query-keys';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { readStorage, writeStorage } from '@/lib/storage';

/**
 * Money waiting for an operator (docs/decisions/0025-waiting-money.md): held payments in, withdrawals waiting for
 * approval, each with the usual wait the server measured. Shown on home and in the statement, so shared here.
 */

const loadWaitingContracts = () => loadContracts(() => import('@mekong/contracts/waiting-money'));

export const waitingMoneyQuery = queryOptions<WaitingMoneyResponse>({
  queryKey: queryKeys.waiting,
  queryFn: async ({ signal }) =>
    apiCall((await loadWaitingContracts()).walletWaiting, { signal, isQuiet: true }),
  staleTime: 5_000,
});

/** Home reads it with the wallet, so a decision shows (and is told) without a tap. */
export const liveWaitingQuery = queryOptions<WaitingMoneyResponse>({
  ...waitingMoneyQuery,
  refetchInterval: WALLET_POLL_MS,
  refetchIntervalInBackground: false,
  refetchOnWindowFocus: 'always',
});

/** Whether a withdrawal of `amount` would wait for an operator, by the server's own rule. */
export const withdrawCheckQuery = (amount: number) =>
  queryOptions({
    queryKey: queryKeys.withdrawCheck(amount),
    queryFn: async ({ signal }) =>
      apiCall((await loadWaitingContracts()).walletWithdrawCheck, {
        body: { amount },
        signal,
        isQuiet: true,
      }),
    staleTime: 30_000,
    retry: false,
  });

export const isWaiting = (item: WaitingItem) => item.state === 'waiting';
/** A payout is on its way out of the wallet until it is paid or refused. */
export const isPayoutOpen = (item: WaitingItem) =>
  item.kind === 'payout' && (item.state === 'waiting' || item.state === 'sending');

/** "about 25 minutes" / "about 2 hours", or, with no history to measure it from, "as soon as possible". */
export function usualWaitText(t: TFunction, seconds: number | null): string {
  if (seconds === null) return t('waiting.usualUnknown');
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes <= 90) return t('waiting.usualMinutes', { n: minutes });
  return t('waiting.usualHours', { n: Math.ceil(minutes / 60) });
}

function readTold(): Set<string> {
  try {
    const value: unknown = JSON.parse(readStorage(STORAGE_KEYS.waitingTold) ?? '[]');
    return new Set(
      Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [],
    );
  } catch {
    return new Set();
  }
}

/** The message of a decision, in the member's language. */
function outcomeText(
  t: TFunction,
  item: WaitingItem,
): { tone: 'success' | 'error' | 'info'; text: string } {
  const amount = formatAmount(item.amount, item.currency);
  if (item.kind === 'credit')
    return item.state === 'credited'
      ? { tone: 'success', text: t('waiting.toldCredited', { amount }) }
      : { tone: 'error', text: t('waiting.toldCreditRefused', { amount }) };
  if (item.state === 'paid') return { tone: 'success', text: t('waiting.toldPaid', { amount }) };
  if (item.state === 'sending')
    return { tone: 'info', text: t('waiting.toldApproved', { amount }) };
  return { tone: 'error', text: t('waiting.toldPayoutRefused', { amount }) };
}

/**
 * Tells the member, once, each decision on their waiting money: the server lists decided items for a day; those
 * already told are kept by id (and state) in local storage.
 */
export function useWaitingOutcomes(data: WaitingMoneyResponse | undefined): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (!data) return;
    const told = readTold();
    const decided = data.items.filter((item) => !isWaiting(item));
    const fresh = decided.filter((item) => !told.has(`${item.id}:${item.state}`));
    // A payout approved and paid between two reads is told once, as paid.
    for (const item of fresh) {
      if (item.state === 'sending' && told.has(`${item.id}:paid`)) continue;
      const { tone, text } = outcomeText(t, item);
      toast[tone](text, { duration: 10_000, id: `waiting-${item.id}-${item.state}` });
    }
    if (fresh.length === 0) return;
    const keep = new Set(data.items.map((item) => item.id));
    const next = [...told, ...fresh.map((item) => `${item.id}:${item.state}`)].filter((key) =>
      keep.has(key.split(':')[0]!),
    );
    writeStorage(STORAGE_KEYS.waitingTold, JSON.stringify(next));
  }, [data, t]);
}

/** Home's read of the waiting money, with the decisions told. */
export function useLiveWaiting() {
  const waiting = useQuery(liveWaitingQuery);
  useWaitingOutcomes(waiting.data);
  return waiting;
}
