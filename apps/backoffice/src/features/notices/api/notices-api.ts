import { useQuery } from '@tanstack/react-query';
import {
  adminNoticesListContract,
  adminNoticesReadContract,
} from '@mekong/contracts/admin/notices';
import { adminFetch } from '@/lib/api-client';

export const NOTICES_KEY = ['admin', 'notices'] as const;

/**
 * The signed-in operator's newest notices and the unread count (docs/back-office/notices.md). Asked every 30 seconds
 * while the tab is visible: a notice is news for an owner, not an alarm, and each ask is one small indexed read.
 */
export function useNotices() {
  return useQuery({
    queryKey: NOTICES_KEY,
    queryFn: () => adminFetch(adminNoticesListContract),
    refetchInterval: 30_000,
    refetchIntervalInBackground: false,
  });
}

export const markNoticesRead = () => adminFetch(adminNoticesReadContract);
