import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { loadContracts } from '@/lib/load-contracts';
import { queryKeys } from '@/lib/query-keys';

/** The contracts (and the validation library) load with the first call, not with the home page (docs/decisions/0017-first-load.md). */
const loadAgreement = () => loadContracts(() => import('@mekong/contracts/agreement'));

/** Whether the signed-in member must accept the current agreement (stored on the server, so on every device). */
export const agreementStatusQuery = queryOptions({
  queryKey: queryKeys.agreementStatus,
  queryFn: async ({ signal }) =>
    apiCall((await loadAgreement()).agreementStatus, { signal, isQuiet: true }),
  retry: false,
});

export async function acceptAgreement(version: string) {
  return apiCall((await loadAgreement()).agreementAccept, { body: { version } });
}
