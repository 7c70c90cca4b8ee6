import { createContext, use } from 'react';

export type TransferPreset = { from?: string; to?: string };

export type WalletModals = {
  openTransfer: (preset?: TransferPreset) => void;
  openWithdraw: () => void;
};

export const WalletModalsContext = createContext<WalletModals | null>(null);

/** Transfer and withdraw open from the wallet card, game cards, the slot account modal and the action drawer. */
export function useWalletModals(): WalletModals {
  const modals = use(WalletModalsContext);
  if (!modals) throw new Error('useWalletModals needs WalletModalsProvider');
  return modals;
}
