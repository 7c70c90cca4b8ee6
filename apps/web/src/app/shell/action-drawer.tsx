import { useQuery } from '@tanstack/react-query';
import { ArrowDownToLine, ArrowLeftRight, ArrowUpFromLine, CircleDollarSign, Disc3, Gift, RefreshCw, Undo2, UserPlus } from 'lucide-react';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Modal } from '@/components/modal';
import { DepositModal } from '@/features/deposit/components/deposit-modal';
import { InviteModal } from '@/features/invite/components/invite-modal';
import { RefundModal } from '@/features/refund/components/refund-modal';
import { spinwheelActiveQuery } from '@/features/spinwheel/api/spinwheel-api';
import { SpinModal } from '@/features/spinwheel/components/spin-modal';
import { SyncTime } from '@/features/wallet/components/sync-time';
import { useRefreshWallet } from '@/features/wallet/hooks/use-refresh-wallet';
import { useWalletModals } from '@/features/wallet/hooks/use-wallet-modals';
import { combinedTotal } from '@/lib/wallet-figures';
import { formatAmount } from '@/lib/format';
import { profileQuery, walletQuery } from '@/lib/member-queries';
import '@/app/shell/action-drawer.css';

type TileKey = 'deposit' | 'withdraw' | 'invite' | 'bonus' | 'refund' | 'transfer';
type Tile = { key: TileKey; Icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }> };
type DrawerModal = 'deposit' | 'invite' | 'refund' | 'spin';

const tiles: Tile[] = [
  { key: 'deposit', Icon: ArrowDownToLine },
  { key: 'withdraw', Icon: ArrowUpFromLine },
  { key: 'invite', Icon: UserPlus },
  { key: 'bonus', Icon: Gift },
  { key: 'refund', Icon: Undo2 },
  { key: 'transfer', Icon: ArrowLeftRight },
];

/**
 * The action drawer (docs/spec.md §2): the spin tile with the coin count when the wheel is on (GET /api/spinwheel/active),
 * otherwise the balance-refresh tile (baht total and last sync); then deposit, withdraw, invite, bonus (the /user/bonus
 * page), refund and transfer. Each tile closes the drawer and opens its modal.
 */
export function ActionDrawer({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (isOpen: boolean) => void }) {
  const { t } = useTranslation();
  const [modal, setModal] = useState<DrawerModal | null>(null);
  const modalProps = (name: DrawerModal) => ({ isOpen: modal === name, onOpenChange: (next: boolean) => setModal(next ? name : null) });
  return (
    <>
      <Modal isOpen={isOpen} onOpenChange={onOpenChange} variant="sheet" title={t('drawer.title')} testId="action-drawer">
        <DrawerBody onClose={() => onOpenChange(false)} onModal={setModal} />
      </Modal>
      <DepositModal {...modalProps('deposit')} />
      <InviteModal {...modalProps('invite')} />
      <RefundModal {...modalProps('refund')} />
      <SpinModal {...modalProps('spin')} />
    </>
  );
}

/** Mounted only while the drawer is open, so the wallet is read when it is looked at. */
function DrawerBody({ onClose, onModal }: { onClose: () => void; onModal: (modal: DrawerModal) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { openTransfer, openWithdraw } = useWalletModals();
  const spinActive = useQuery(spinwheelActiveQuery);

  const onTile = (key: TileKey) => {
    onClose();
    if (key === 'deposit' || key === 'invite' || key === 'refund') onModal(key);
    else if (key === 'withdraw') openWithdraw();
    else if (key === 'bonus') void navigate('/user/bonus');
    else openTransfer({ from: 'wallet' });
  };

  return (
    <div className="action-grid">
      {spinActive.data?.isActive ? (
        <SpinTile
          onOpen={() => {
            onClose();
            onModal('spin');
          }}
        />
      ) : (
        <RefreshTile />
      )}
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

/** The wheel's tile: the member's coins, one per spin. */
function SpinTile({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  // Coins come with deposits the server credits on its own: read when the drawer opens.
  const { data } = useQuery({ ...profileQuery, staleTime: 0 });
  const coins = data?.profile.coin ?? 0;
  return (
    <button type="button" className="action-tile action-tile--balance action-tile--spin" onClick={onOpen} data-testid="action-spin">
      <span className="action-tile__icon action-tile__icon--gold">
        <Disc3 size={24} aria-hidden />
      </span>
      <span className="action-tile__balance-text">
        <span className="action-tile__label">{t('drawer.spin')}</span>
        <span className="action-tile__meta">{t('spin.tileHint')}</span>
      </span>
      <span className="action-tile__amount action-tile__coins" data-testid="action-spin-coins">
        <CircleDollarSign size={18} aria-hidden /> {t('spin.coins', { count: coins })}
      </span>
    </button>
  );
}

function RefreshTile() {
  const { t } = useTranslation();
  const { data } = useQuery(walletQuery);
  const refresh = useRefreshWallet();
  const total = data ? combinedTotal(data.wallet.amount, data.slots) : 0;
  return (
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
  );
}
