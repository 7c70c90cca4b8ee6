import { agreementAccept, agreementStatus } from '@mekong/contracts/agreement';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Whether the signed-in member must accept the current agreement (stored on the server, so on every device). */
export const agreementStatusQuery = queryOptions({
  queryKey: queryKeys.agreementStatus,
  queryFn: ({ signal }) => apiCall(agreementStatus, { signal, isQuiet: true }),
  retry: false,
});

export function acceptAgreement(version: string) {
  return apiCall(agreementAccept, { body: { version } });
}
