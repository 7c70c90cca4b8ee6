import { profileGet, type BankAccount, type Profile } from '@mekong/contracts/account';
import { STORAGE_KEYS } from '@mekong/contracts/constants';
import { queryOptions } from '@tanstack/react-query';
import { MEMBER_KEY } from '@/app/query-client';
import { apiCall } from '@/lib/api-client';
import { readStorage, writeStorage } from '@/lib/storage';

type CachedUserInfo = { profile: Profile; bankAccount: BankAccount };

function readCachedUserInfo(): CachedUserInfo | undefined {
  const raw = readStorage(STORAGE_KEYS.userInfo);
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as Partial<CachedUserInfo>;
    return parsed.profile && parsed.bankAccount ? { profile: parsed.profile, bankAccount: parsed.bankAccount } : undefined;
  } catch {
    return undefined;
  }
}

/** The profile, cached in local storage (spec §3's user info) so the header has a name at once. */
export const profileQuery = queryOptions<CachedUserInfo>({
  queryKey: [MEMBER_KEY, 'profile'],
  queryFn: async ({ signal }): Promise<CachedUserInfo> => {
    const data = await apiCall(profileGet, { signal });
    const cached = readStorage(STORAGE_KEYS.userInfo);
    let base: Record<string, unknown> = {};
    try {
      base = cached ? (JSON.parse(cached) as Record<string, unknown>) : {};
    } catch {
      base = {};
    }
    writeStorage(STORAGE_KEYS.userInfo, JSON.stringify({ ...base, profile: data.profile, bankAccount: data.bankAccount }));
    return data;
  },
  placeholderData: () => readCachedUserInfo(),
});
