import type { BonusClearPreview } from '@mekong/contracts/bonus';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Undo2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Loading } from '@/components/loading';
import { Modal } from '@/components/modal';
import { useMoneyMutation } from '@/components/use-money-mutation';
import { bringGamesBack, clearPreviewQuery } from '@/features/bonus/api/bonus-api';
import { useCancelBonus } from '@/features/bonus/hooks/use-bonus-actions';
import { formatAmount } from '@/lib/format';
import { walletQuery } from '@/lib/member-queries';

type DialogProps = { isOpen: boolean; currency?: string; onClose: () => void };

/**
 * Spec §2's cancel confirm, with the money at risk (issue 28 item 2): the server's preview of what the cancel
 * forfeits now, per game and wallet, what the member keeps, and, while a game holds money, the one-tap transfer of
 * every game back to the main wallet (POST /api/wallet/transferAll) that lowers it to the preview's second figure.
 */
export function BonusCancelDialog({ isOpen, currency, onClose }: DialogProps) {
  const { t } = useTranslation();
  const preview = useQuery({ ...clearPreviewQuery, enabled: isOpen });
  const cancel = useCancelBonus({ onDone: onClose });
  const bringBack = useMoneyMutation({
    scope: 'bonus-games-back',
    fingerprint: () => 'wallet',
    send: (_: void, idempotencyKey: string) => bringGamesBack(idempotencyKey),
    successToast: (result) => (result.message === 'TRANSFER_PENDING' ? { tone: 'info', text: t('transfer.pending') } : { text: t('transfer.allDone', { amount: formatAmount(result.amount, currency) }) }),
    failureTitle: t('transfer.failed'),
  });
  const isBusy = cancel.isPending || bringBack.isPending;
  const data = preview.data;

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(next) => !next && !isBusy && onClose()}
      role="alertdialog"
      title={
        <span className="alert-title alert-title--error">
          <AlertTriangle size={24} aria-hidden /> {t('bonus.cancelTitle')}
        </span>
      }
      description={t('bonus.cancelWarning')}
      testId="bonus-cancel-dialog"
      footer={
        <div className="bonus-dialog-actions">
          {data && data.games.length > 0 && (
            <Button isBlock onClick={() => bringBack.submit(undefined)} disabled={isBusy} isBusy={bringBack.isBusyShown} data-testid="bonus-cancel-bring-back">
              <Undo2 size={18} aria-hidden /> {t('bonus.cancelRisk.bringBack')}
            </Button>
          )}
          <Button className="bonus-danger-btn" isBlock onClick={() => cancel.submit(undefined)} disabled={isBusy || preview.isFetching} isBusy={cancel.isBusyShown} data-testid="bonus-cancel-confirm">
            {data && data.forfeit > 0 ? t('bonus.cancelRisk.confirm', { amount: formatAmount(data.forfeit, currency) }) : t('bonus.cancelConfirm')}
          </Button>
          <Button variant="secondary" isBlock onClick={onClose} disabled={isBusy} data-testid="bonus-cancel-keep">
            {t('bonus.cancelKeep')}
          </Button>
        </div>
      }
    >
      {data ? (
        <RiskList preview={data} currency={currency} />
      ) : preview.isError ? (
        <p className="inline-notice" role="alert" data-testid="bonus-cancel-risk-failed">
          <AlertTriangle size={18} aria-hidden /> {t('bonus.cancelRisk.failed')}
        </p>
      ) : (
        isOpen && <Loading />
      )}
    </Modal>
  );
}

function RiskList({ preview, currency }: { preview: BonusClearPreview; currency?: string }) {
  const { t } = useTranslation();
  const { data: wallet } = useQuery(walletQuery);
  const money = (value: number) => formatAmount(value, currency);
  const gameName = (code: string) => wallet?.slots.find((game) => game.code.toUpperCase() === code.toUpperCase())?.name ?? code;
  const rows: { key: string; label: string; amount: number }[] = [
    ...preview.games.map((game) => ({ key: `game-${game.provider}`, label: t('bonus.cancelRisk.inGame', { game: gameName(game.provider) }), amount: game.amount })),
    { key: 'bonus-wallet', label: t('wallet.bonus'), amount: preview.bonusWallet },
    { key: 'wallet', label: t('wallet.mainWallet'), amount: preview.wallet },
  ].filter((row) => row.amount > 0);

  if (preview.forfeit <= 0)
    return (
      <p className="inline-notice" role="note" data-testid="bonus-cancel-risk">
        {t('bonus.cancelRisk.nothing', { kept: money(preview.kept) })}
      </p>
    );
  return (
    <div className="bonus-risk" data-testid="bonus-cancel-risk">
      <p className="bonus-risk__lead">{t('bonus.cancelRisk.lead', { amount: money(preview.forfeit) })}</p>
      <ul className="bonus-risk__list">
        {rows.map((row) => (
          <li key={row.key} className="bonus-risk__row" data-testid="bonus-cancel-risk-row" data-key={row.key}>
            <span>{row.label}</span>
            <strong>-{money(row.amount)}</strong>
          </li>
        ))}
      </ul>
      <p className="bonus-risk__kept" data-testid="bonus-cancel-kept">
        {t('bonus.cancelRisk.kept', { amount: money(preview.kept) })}
      </p>
      {preview.games.length > 0 && preview.forfeitAfterGamesBack < preview.forfeit && (
        <p className="inline-notice" role="note" data-testid="bonus-cancel-bring-back-hint">
          <Undo2 size={18} aria-hidden /> {t('bonus.cancelRisk.bringBackHint', { amount: money(preview.forfeitAfterGamesBack) })}
        </p>
      )}
    </div>
  );
}
