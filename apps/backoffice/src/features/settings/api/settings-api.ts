import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import * as settings from '@mekong/contracts/admin/settings';
import * as catalogue from '@mekong/contracts/admin/settings-catalogue';
import * as changes from '@mekong/contracts/admin/setting-changes';
import { adminFetch } from '@/lib/api-client';

export const SETTINGS_KEY = ['admin', 'settings'] as const;
export const ACCOUNTS_KEY = ['admin', 'settings', 'operator-accounts'] as const;
export const PROVIDERS_KEY = ['admin', 'settings', 'game-providers'] as const;
export const PENDING_KEY = ['admin', 'settings', 'pending'] as const;

export type SettingBody<K extends settings.AdminSettingKey> = z.input<
  (typeof settings.settingSaves)[K]['body']
>;

export function useSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => adminFetch(settings.adminSettingsGetContract, { signal }),
  });
}

/** Saves one key: a guarded key answers the change now waiting for a second operator (or null: nothing changed). */
export async function saveSetting<K extends settings.AdminSettingKey>(
  key: K,
  body: SettingBody<K>,
): Promise<changes.PendingSettingChange | null> {
  // Each key has its own contract; the body was checked by that key's schema in the form.
  if (changes.isGuardedSettingKey(key)) {
    const contract = settings.adminSettingSaveContracts[
      key
    ] as (typeof settings.adminSettingSaveContracts)['withdraw'];
    return (await adminFetch(contract, { body: body as SettingBody<'withdraw'> })).pending;
  }
  const contract = settings.adminSettingSaveContracts[
    key
  ] as (typeof settings.adminSettingSaveContracts)['notice'];
  await adminFetch(contract, { body: body as SettingBody<'notice'> });
  return null;
}

/** The money-critical changes waiting for a second operator or their hour (refreshed every half minute). */
export function usePendingChanges() {
  return useQuery({
    queryKey: PENDING_KEY,
    queryFn: ({ signal }) => adminFetch(changes.adminPendingSettingChangesContract, { signal }),
    refetchInterval: 30_000,
  });
}

export function confirmChange(id: string) {
  return adminFetch(changes.adminConfirmSettingChangeContract, { params: { id } });
}

export function cancelChange(id: string) {
  return adminFetch(changes.adminCancelSettingChangeContract, { params: { id } });
}

export function useOperatorAccounts() {
  return useQuery({
    queryKey: ACCOUNTS_KEY,
    queryFn: ({ signal }) => adminFetch(catalogue.adminOperatorAccountsContract, { signal }),
  });
}

/** Adding an account asks for a change that waits for a second operator: answers that change. */
export async function createAccount(body: catalogue.OperatorAccountBody) {
  return (await adminFetch(catalogue.adminCreateOperatorAccountContract, { body })).pending;
}

/** Editing an account (switching it on or off too) likewise; null when nothing changed. */
export async function updateAccount(id: string, body: catalogue.OperatorAccountBody) {
  return (await adminFetch(catalogue.adminUpdateOperatorAccountContract, { body, params: { id } }))
    .pending;
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
