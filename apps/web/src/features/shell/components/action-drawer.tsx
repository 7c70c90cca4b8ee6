import { STORAGE_KEYS } from '@mekong/contracts/constants';
import { ArrowDownToLine, ArrowUpFromLine, Gift, RefreshCw, Undo2, UsersRound } from 'lucide-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Modal } from '@/components/modal';
import { formatDateTime, formatMoney } from '@/lib/format';
import { readStorage } from '@/lib/storage';

type Tile = { key: 'deposit' | 'withdraw' | 'invite' | 'bonus' | 'refund'; Icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }> };

const tiles: Tile[] = [
  { key: 'deposit', Icon: ArrowDownToLine },
  { key: 'withdraw', Icon: ArrowUpFromLine },
  { key: 'invite', Icon: UsersRound },
  { key: 'bonus', Icon: Gift },
  { key: 'refund', Icon: Undo2 },
];

/**
 * The action drawer (spec §2). Money tiles land with the wallet slices; until then they say "coming soon".
 * The spin tile replaces the balance tile only when the spin feature is active, which it is not yet.
 */
export function ActionDrawer({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (isOpen: boolean) => void }) {
  const { t } = useTranslation();
  const lastSync = readStorage(STORAGE_KEYS.lastSync);
  const total = 0;

  const onComingSoon = () => {
    onOpenChange(false);
    toast(t('common.comingSoonToast'));
  };

  const [deposit, ...rest] = tiles;

  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} variant="sheet" title={t('drawer.title')} testId="action-drawer">
      <div className="action-grid">
        {deposit && <ActionTile label={t(`drawer.${deposit.key}`)} Icon={deposit.Icon} onClick={onComingSoon} testId="action-deposit" />}
        <button type="button" className="action-tile action-tile--balance" onClick={onComingSoon} data-testid="action-refresh">
          <span className="action-tile__icon action-tile__icon--gold">
            <RefreshCw size={22} aria-hidden />
          </span>
          <span className="action-tile__label">{t('drawer.refresh')}</span>
          <span className="action-tile__amount">฿{formatMoney(total)}</span>
          <span className="action-tile__meta">
            {lastSync ? t('drawer.lastSync', { time: formatDateTime(lastSync) }) : t('drawer.notSynced')}
          </span>
        </button>
        {rest.map((tile) => (
          <ActionTile key={tile.key} label={t(`drawer.${tile.key}`)} Icon={tile.Icon} onClick={onComingSoon} testId={`action-${tile.key}`} />
        ))}
      </div>
    </Modal>
  );
}

function ActionTile({ label, Icon, onClick, testId }: { label: string; Icon: Tile['Icon']; onClick: () => void; testId: string }) {
  return (
    <button type="button" className="action-tile" onClick={onClick} data-testid={testId}>
      <span className="action-tile__icon">
        <Icon size={24} aria-hidden />
      </span>
      <span className="action-tile__label">{label}</span>
    </button>
  );
}
