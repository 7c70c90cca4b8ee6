import { STORAGE_KEYS } from '@mekong/contracts/constants';
import { walletResponseSchema, type WalletResponse } from '@mekong/contracts/wallet';
import { groupGames } from '@/features/wallet/hooks/wallet-figures';
import { readStorage, writeStorage } from '@/lib/storage';

/**
 * The cached user info of spec §3, in local storage: timesync, profile, bankAccount, wallet, slots,
 * slotAccount, sportAccount, lottoAccount, total, inviteAmount, inviteSuccess, inviteFail; plus last_sync.
 */
export function writeWalletCache(data: WalletResponse): void {
  let base: Record<string, unknown> = {};
  try {
    base = JSON.parse(readStorage(STORAGE_KEYS.userInfo) ?? '{}') as Record<string, unknown>;
  } catch {
    base = {};
  }
  const groups = groupGames(data.slots);
  writeStorage(
    STORAGE_KEYS.userInfo,
    JSON.stringify({
      ...base,
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
    }),
  );
  writeStorage(STORAGE_KEYS.lastSync, data.overall.timesync);
}

/** The last wallet answer from the cache, so the home page paints at once; undefined if absent or stale in shape. */
export function readWalletCache(): WalletResponse | undefined {
  const raw = readStorage(STORAGE_KEYS.userInfo);
  if (!raw) return undefined;
  try {
    const cached = JSON.parse(raw) as Record<string, unknown>;
    const parsed = walletResponseSchema.safeParse({
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
  } catch {
    return undefined;
  }
}
