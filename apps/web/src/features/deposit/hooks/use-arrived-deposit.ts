import type { StatementEntry } from '@mekong/contracts/statement';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { latestDepositsQuery } from '@/features/deposit/api/deposit-api';

/** How often the open deposit sheet reads the latest deposits, while the page is visible. */
export const ARRIVALS_POLL_MS = 5_000;

/**
 * Deposits nobody on this screen sent: a bank transfer the bank feed credited, or a deposit notice an operator
 * confirmed. A QR, a slip and a gift link are confirmed by their own answers.
 */
const ARRIVING_CHANNELS = new Set<StatementEntry['channel']>(['bank', 'manual']);

/**
 * Calls `onArrived` with a deposit credited while the deposit sheet is open (docs/decisions/0022-one-qr-button.md): the
 * latest deposits are read on opening (those already credited are old news) and every ARRIVALS_POLL_MS after; a bank
 * or notice deposit credited since is one that arrived.
 */
export function useArrivedDeposit(onArrived: (entry: StatementEntry) => void): void {
  const latest = useQuery({ ...latestDepositsQuery, refetchInterval: ARRIVALS_POLL_MS, refetchIntervalInBackground: false, refetchOnWindowFocus: 'always' });
  // Ids of deposits credited before the sheet opened, or already announced. Null until the first answer.
  const known = useRef<Set<string> | null>(null);
  const onArrivedRef = useRef(onArrived);
  useEffect(() => {
    onArrivedRef.current = onArrived;
  }, [onArrived]);
  const [openedAt] = useState(() => Date.now());
  const rows = latest.data?.statements;
  const readAt = latest.dataUpdatedAt;

  useEffect(() => {
    // A list read before this sheet opened (kept from an earlier one) is no baseline: what came since is not news here.
    if (!rows || readAt < openedAt) return;
    const credited = rows.filter((row) => row.status === 'SUCCESS');
    if (known.current === null) {
      known.current = new Set(credited.map((row) => row._id));
      return;
    }
    const seen = known.current;
    const arrived = credited.filter((row) => !seen.has(row._id));
    for (const row of arrived) seen.add(row._id);
    // Newest first: the latest one is the one to show.
    const shown = arrived.find((row) => ARRIVING_CHANNELS.has(row.channel));
    if (shown) onArrivedRef.current(shown);
  }, [rows, readAt, openedAt]);
}
