import { useQuery } from '@tanstack/react-query';
import { adminJobRetryContract, adminJobsListContract } from '@mekong/contracts/admin/jobs';
import { adminFetch } from '@/lib/api-client';

export const JOBS_KEY = ['admin', 'jobs'] as const;

/** The jobs and their failed runs, refreshed while the page is open (runs come every few seconds). */
export function useJobs() {
  return useQuery({
    queryKey: JOBS_KEY,
    queryFn: () => adminFetch(adminJobsListContract),
    refetchInterval: 10_000,
  });
}

export const retryJobRun = (id: string) => adminFetch(adminJobRetryContract, { params: { id } });
