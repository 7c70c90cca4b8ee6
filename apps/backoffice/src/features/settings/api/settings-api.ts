import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import * as settings from '@mekong/contracts/admin/settings';
import * as catalogue from '@mekong/contracts/admin/settings-catalogue';
import { adminFetch } from '@/lib/api-client';

export const SETTINGS_KEY = ['admin', 'settings'] as const;
export const ACCOUNTS_KEY = ['admin', 'settings', 'operator-accounts'] as const;
export const PROVIDERS_KEY = ['admin', 'settings', 'game-providers'] as const;

export type SettingBody<K extends settings.AdminSettingKey> = z.input<
  (typeof settings.settingSaves)[K]['body']
>;

export function useSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => adminFetch(settings.adminSettingsGetContract, { signal }),
  });
}

export function saveSetting<K extends settings.AdminSettingKey>(key: K, body: SettingBody<K>) {
  // Each key has its own contract; the body was checked by that key's schema in the form.
  const contract = settings.adminSettingSaveContracts[
    key
  ] as (typeof settings.adminSettingSaveContracts)['notice'];
  return adminFetch(contract, { body: body as SettingBody<'notice'> });
}

export function useOperatorAccounts() {
  return useQuery({
    queryKey: ACCOUNTS_KEY,
    queryFn: ({ signal }) => adminFetch(catalogue.adminOperatorAccountsContract, { signal }),
  });
}

export function createAccount(body: catalogue.OperatorAccountBody) {
  return adminFetch(catalogue.adminCreateOperatorAccountContract, { body });
}

export function updateAccount(id: string, body: catalogue.OperatorAccountBody) {
  return adminFetch(catalogue.adminUpdateOperatorAccountContract, { body, params: { id } });
}

export function orderAccounts(ids: string[]) {
  return adminFetch(catalogue.adminOrderOperatorAccountsContract, { body: { ids } });
}

export function useGameProviders() {
  return useQuery({
    queryKey: PROVIDERS_KEY,
    queryFn: ({ signal }) => adminFetch(catalogue.adminGameProvidersContract, { signal }),
  });
}

export function setProvider(code: string, isEnabled: boolean) {
  return adminFetch(catalogue.adminSetGameProviderContract, {
    body: { isEnabled },
    params: { code },
  });
}
