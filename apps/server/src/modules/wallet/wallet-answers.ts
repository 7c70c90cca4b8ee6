import { toMajor } from '@mekong/contracts/money';
import type { GameEntry, WalletResponse } from '@mekong/contracts/wallet';
import type { ProviderRow } from '@/modules/games/games.repository.ts';
import type { WalletView } from '@/modules/wallet/wallet.service.ts';

/** The wallet module's answers as the contracts spell them: amounts in major units (the route side of the boundary). */

export function gameEntry(
  provider: ProviderRow,
  isActive: boolean,
  amountMinor: bigint,
): GameEntry {
  return {
    code: provider.code,
    name: provider.name,
    category: provider.category,
    logo: provider.logo,
    background: provider.background,
    amount: toMajor(amountMinor),
    isActive,
    hasAutoLogin: provider.has_auto_login,
    web: provider.web_url,
    android: provider.android_url,
    ios: provider.ios_url,
  };
}

export function walletAnswer(view: WalletView): WalletResponse {
  return {
    ...view.profile,
    wallet: {
      amount: toMajor(view.cashMinor),
      bonusAmount: toMajor(view.bonusMinor),
      hasReceivedBonus: view.hasActiveBonus,
    },
    overall: {
      total: toMajor(view.totalMinor),
      timesync: view.timesync.toISOString(),
      inviteAmount: toMajor(view.invite.amountMinor),
      inviteSuccess: view.invite.success,
      inviteFail: view.invite.fail,
    },
    slots: view.slots.map((s) => gameEntry(s.provider, s.isActive, s.amountMinor)),
  };
}
