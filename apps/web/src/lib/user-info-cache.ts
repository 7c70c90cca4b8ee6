import type { BankAccount, Profile } from '@mekong/contracts/account';
import type { WalletResponse, walletResponseSchema } from '@mekong/contracts/wallet';
import { loadWalletContracts } from '@/lib/load-contracts';
import { readStorage, writeStorage } from '@/lib/storage';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { groupGames } from '@/lib/wallet-figures';

export type ProfileInfo = { profile: Profile; bankAccount: BankAccount };

/**
 * The cached user info of docs/spec.md §3, in local storage: timesync, profile, bankAccount, wallet, slots,
 * slotAccount, sportAccount, lottoAccount, total, inviteAmount, inviteSuccess, inviteFail; plus last_sync.
 * The profile and the wallet answers each update their part of it.
 */
function readUserInfo(): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(readStorage(STORAGE_KEYS.userInfo) ?? '{}');
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function mergeUserInfo(part: Record<string, unknown>): void {
  writeStorage(STORAGE_KEYS.userInfo, JSON.stringify({ ...readUserInfo(), ...part }));
}

export function writeProfileCache(data: ProfileInfo): void {
  mergeUserInfo({ profile: data.profile, bankAccount: data.bankAccount });
}

/** The cached profile, so the header has a name at once; undefined when absent. */
export function readProfileCache(): ProfileInfo | undefined {
  const { profile, bankAccount } = readUserInfo() as Partial<ProfileInfo>;
  return profile && bankAccount ? { profile, bankAccount } : undefined;
}

export function writeWalletCache(data: WalletResponse): void {
  const groups = groupGames(data.slots);
  mergeUserInfo({
    timesync: data.overall.timesync,
    profile: data.profile,
    bankAccount: data.bankAccount,
    wallet: data.wallet,
    slots: data.slots,
    slotAccount: groups.slot,
    sportAccount: groups.sportCasino,
    lottoAccount: groups.lotto,
    total: data.overall.total,
    inviteAmount: data.overall.inviteAmount,
    inviteSuccess: data.overall.inviteSuccess,
    inviteFail: data.overall.inviteFail,
  });
  writeStorage(STORAGE_KEYS.lastSync, data.overall.timesync);
}

/** The wallet answer's schema, which the cache is read with: loaded with the wallet's contracts, not at start-up. */
let walletSchema: typeof walletResponseSchema | undefined;

/** Loads what `readWalletCache` reads with; the app start awaits it before a page painted from the cache. */
export async function loadWalletCacheSchema(): Promise<void> {
  walletSchema ??= (await loadWalletContracts()).walletResponseSchema;
}

/**
 * The last wallet answer from the cache, so the home page paints at once; undefined if absent or stale in shape, and
 * until `loadWalletCacheSchema` has loaded (it then starts loading).
 */
export function readWalletCache(): WalletResponse | undefined {
  if (!walletSchema) {
    loadWalletCacheSchema().catch(() => undefined);
    return undefined;
  }
  const cached = readUserInfo();
  const parsed = walletSchema.safeParse({
    profile: cached.profile,
    bankAccount: cached.bankAccount,
    wallet: cached.wallet,
    slots: cached.slots,
    overall: {
      total: cached.total,
      timesync: cached.timesync,
      inviteAmount: cached.inviteAmount,
      inviteSuccess: cached.inviteSuccess,
      inviteFail: cached.inviteFail,
    },
  });
  return parsed.success ? parsed.data : undefined;
}
