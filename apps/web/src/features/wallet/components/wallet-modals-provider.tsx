import { useMemo, useState, type ReactNode } from 'react';
import {
  WalletModalsContext,
  type TransferPreset,
  type WalletModals,
} from '@/features/wallet/hooks/use-wallet-modals';
import { lazyModal } from '@/components/lazy-modal';

const TransferModal = lazyModal(async () => (await import('@/features/wallet/components/transfer-modal')).TransferModal);
const WithdrawModal = lazyModal(async () => (await import('@/features/wallet/components/withdraw-modal')).WithdrawModal);

/** Hosts the transfer and withdraw modals once for the whole member area. */
export function WalletModalsProvider({ children }: { children: ReactNode }) {
  // Each opening gets a fresh form (new key), so nothing typed earlier lingers.
  const [transfer, setTransfer] = useState<{
    isOpen: boolean;
    preset: TransferPreset;
    session: number;
  }>({ isOpen: false, preset: {}, session: 0 });
  const [withdraw, setWithdraw] = useState({ isOpen: false, session: 0 });

  const modals = useMemo<WalletModals>(
    () => ({
      openTransfer: (preset = {}) =>
        setTransfer((s) => ({ isOpen: true, preset, session: s.session + 1 })),
      openWithdraw: () => setWithdraw((s) => ({ isOpen: true, session: s.session + 1 })),
    }),
    [],
  );

  return (
    <WalletModalsContext value={modals}>
      {children}
      {/* Made only while open: a closed one would still build its form, queries and mutations at every start. */}
      {transfer.isOpen && (
        <TransferModal
          key={`transfer-${transfer.session}`}
          isOpen
          preset={transfer.preset}
          onOpenChange={(isOpen) => setTransfer((s) => ({ ...s, isOpen }))}
        />
      )}
      {withdraw.isOpen && (
        <WithdrawModal
          key={`withdraw-${withdraw.session}`}
          isOpen
          onOpenChange={(isOpen) => setWithdraw((s) => ({ ...s, isOpen }))}
        />
      )}
    </WalletModalsContext>
  );
}
