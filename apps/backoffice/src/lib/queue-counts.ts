import { useQuery } from '@tanstack/react-query';
import { adminQueueCountsContract, type QueueCounts } from '@mekong/contracts/admin/queues';
import { adminFetch } from '@/lib/api-client';
import { useCan } from '@/lib/use-operator';

/** Every decision refreshes it (src/components/use-admin-mutation.ts), and it refreshes itself with the queues. */
export const QUEUE_COUNTS_KEY = ['admin', 'queue-counts'] as const;
const REFRESH_MS = 30_000;

/** How many items wait in each queue (docs/back-office/triage.md); nothing is asked of a role that cannot see them. */
export function useQueueCounts() {
  const canRead = useCan('queues.read');
  return useQuery({
    queryKey: QUEUE_COUNTS_KEY,
    queryFn: ({ signal }) => adminFetch(adminQueueCountsContract, { signal }),
    enabled: canRead,
    refetchInterval: REFRESH_MS,
  });
}

export type MoneyInCountQueue = keyof QueueCounts['needsPerson'] &
  ('qr' | 'vouchers' | 'notices' | 'bank-lines' | 'slips');

/** Items a person must decide in all the money-in queues (the menu's figure for the deposits screen). */
export function moneyInTotal(counts: QueueCounts): number {
  const { qr, vouchers, notices, slips } = counts.needsPerson;
  return qr + vouchers + notices + slips + counts.needsPerson['bank-lines'];
}
