import { dateEraUpdate } from '@mekong/contracts/account';
import type { DateEra } from '@mekong/contracts/constants';
import { apiCall } from '@/lib/api-client';

export function saveDateEra(dateEra: DateEra) {
  return apiCall(dateEraUpdate, { body: { dateEra } });
}
