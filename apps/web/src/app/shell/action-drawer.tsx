import { useQuery } from '@tanstack/react-query';
import { ArrowDownToLine, ArrowLeftRight, ArrowUpFromLine, RefreshCw } from 'lucide-react';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/modal';
import { DepositModal } from '@/features/deposit/components/deposit-modal';
import { SyncTime } from '@/features/wallet/components/sync-time';
import { useRefreshWallet } from '@/features/wallet/hooks/use-refresh-wallet';
import { useWalletModals } from '@/features/wallet/hooks/use-wallet-modals';
import { combinedTotal } from '@/lib/wallet-figures';
import { formatAmount } from '@/lib/format';
import { walletQuery } from '@/lib/member-queries';
import '@/app/shell/action-drawer.css';

type TileKey = 'deposit' | 'withdraw' | 'transfer';
type Tile = { key: TileKey; Icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }> };

const tiles: Tile[] = [
  { key: 'deposit', Icon: ArrowDownToLine },
  { key: 'withdraw', Icon: ArrowUpFromLine },
  { key: 'transfer', Icon: ArrowLeftRight },
];

/**
 * The action drawer (docs/spec.md §2): the balance-refresh tile (baht total and last sync; the spin tile takes its place
 * once the spin feature exists), deposit, withdraw and transfer. Only tiles that work are shown: invite, bonus and
 * refund join when the promotions slice builds them. Deposit opens the deposit modal.
 */
export function ActionDrawer({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (isOpen: boolean) => void }) {
  const { t } = useTranslation();
  const [isDepositOpen, setDepositOpen] = useState(false);
  return (
    <>
      <Modal isOpen={isOpen} onOpenChange={onOpenChange} variant="sheet" title={t('drawer.title')} testId="action-drawer">
        <DrawerBody onClose={() => onOpenChange(false)} onDeposit={() => setDepositOpen(true)} />
      </Modal>
      <DepositModal isOpen={isDepositOpen} onOpenChange={setDepositOpen} />
    </>
  );
}

/** Mounted only while the drawer is open, so the wallet is read when it is looked at. */
function DrawerBody({ onClose, onDeposit }: { onClose: () => void; onDeposit: () => void }) {
  const { t } = useTranslation();
  const { data } = useQuery(walletQuery);
  const refresh = useRefreshWallet();
  const { openTransfer, openWithdraw } = useWalletModals();
  const total = data ? combinedTotal(data.wallet.amount, data.slots) : 0;

  const onTile = (key: TileKey) => {
    onClose();
    if (key === 'deposit') onDeposit();
    else if (key === 'withdraw') openWithdraw();
    else openTransfer({ from: 'wallet' });
  };

  return (
    <div className="action-grid">
      <button
        type="button"
        className="action-tile action-tile--balance"
        onClick={() => refresh.mutate()}
        disabled={refresh.isPending}
        aria-busy={refresh.isPending || undefined}
        data-testid="action-refresh"
      >
        <span className={`action-tile__icon action-tile__icon--gold${refresh.isPending ? ' is-spinning' : ''}`}>
          <RefreshCw size={22} aria-hidden />
        </span>
        <span className="action-tile__balance-text">
          <span className="action-tile__label">{t('drawer.refresh')}</span>
          <SyncTime className="action-tile__meta" timesync={data?.overall.timesync} />
        </span>
        <span className="action-tile__amount" data-testid="action-refresh-total">
          {formatAmount(total, data?.profile.currency)}
        </span>
      </button>
      {tiles.map(({ key, Icon }) => (
        <button key={key} type="button" className="action-tile" onClick={() => onTile(key)} data-testid={`action-${key}`}>
          <span className="action-tile__icon">
            <Icon size={24} aria-hidden />
          </span>
          <span className="action-tile__label">{t(`drawer.${key}`)}</span>
        </button>
      ))}
    </div>
  );
}
