import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { settingSaves } from '@mekong/contracts/admin/settings';
import {
  adminSettingSaveContracts,
  adminSettingsGetContract,
  type AdminSettingKey,
} from '@mekong/contracts/admin/settings';
import {
  adminCreateOperatorAccountContract,
  adminGameProvidersContract,
  adminOperatorAccountsContract,
  adminOrderOperatorAccountsContract,
  adminSetGameProviderContract,
  adminUpdateOperatorAccountContract,
  type OperatorAccountBody,
} from '@mekong/contracts/admin/settings-catalogue';
import { adminFetch } from '@/lib/api-client';

export const SETTINGS_KEY = ['admin', 'settings'] as const;
export const ACCOUNTS_KEY = ['admin', 'settings', 'operator-accounts'] as const;
export const PROVIDERS_KEY = ['admin', 'settings', 'game-providers'] as const;

export type SettingBody<K extends AdminSettingKey> = z.input<(typeof settingSaves)[K]['body']>;

export function useSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => adminFetch(adminSettingsGetContract, { signal }),
  });
}

export function saveSetting<K extends AdminSettingKey>(key: K, body: SettingBody<K>) {
  // Each key has its own contract; the body was checked by that key's schema in the form.
  const contract = adminSettingSaveContracts[key] as (typeof adminSettingSaveContracts)['notice'];
  return adminFetch(contract, { body: body as SettingBody<'notice'> });
}

export function useOperatorAccounts() {
  return useQuery({
    queryKey: ACCOUNTS_KEY,
    queryFn: ({ signal }) => adminFetch(adminOperatorAccountsContract, { signal }),
  });
}

export function createAccount(body: OperatorAccountBody) {
  return adminFetch(adminCreateOperatorAccountContract, { body });
}

export function updateAccount(id: string, body: OperatorAccountBody) {
  return adminFetch(adminUpdateOperatorAccountContract, { body, params: { id } });
}

export function orderAccounts(ids: string[]) {
  return adminFetch(adminOrderOperatorAccountsContract, { body: { ids } });
}

export function useGameProviders() {
  return useQuery({
    queryKey: PROVIDERS_KEY,
    queryFn: ({ signal }) => adminFetch(adminGameProvidersContract, { signal }),
  });
}

export function setProvider(code: string, isEnabled: boolean) {
  return adminFetch(adminSetGameProviderContract, { body: { isEnabled }, params: { code } });
}
