import type { ColumnDef } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, Pencil, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorAccount } from '@mekong/contracts/admin/settings-catalogue';
import { Button } from '@/components/button';
import { DataTable } from '@/components/data-table';
import { wholeQueryProps } from '@/components/table-props';
import { useAdminMutation } from '@/components/use-admin-mutation';
import { useCan } from '@/lib/use-operator';
import {
  ACCOUNTS_KEY,
  orderAccounts,
  PENDING_KEY,
  updateAccount,
  useOperatorAccounts,
  usePendingChanges,
} from '@/features/settings/api/settings-api';
import { AccountDialog, useWaitingText } from '@/features/settings/components/account-dialog';
import { enabledColumn } from '@/features/settings/components/enabled-column';

/**
 * The operator's bank accounts and wallets members pay into (settings.money): add, edit, switch on/off, order. Adding
 * and editing wait for a second operator (the panel above the tabs); the order takes effect at once.
 */
export function AccountsSection() {
  const { t } = useTranslation('settings');
  const canSave = useCan('settings.money');
  const query = useOperatorAccounts();
  const pending = usePendingChanges().data;
  const [editing, setEditing] = useState<OperatorAccount | 'new' | null>(null);
  const waitingText = useWaitingText();
  const toggle = useAdminMutation({
    run: (a: OperatorAccount) =>
      updateAccount(a.id, {
        kind: a.kind,
        channel: a.channel,
        bankType: a.bankType,
        mode: a.mode,
        accountName: a.accountName,
        accountNo: a.accountNo,
        currency: a.currency,
        isEnabled: !a.isEnabled,
      }),
    invalidates: [ACCOUNTS_KEY, PENDING_KEY],
    successText: waitingText,
  });
  const reorder = useAdminMutation({ run: orderAccounts, invalidates: [ACCOUNTS_KEY] });

  const columns = useMemo<ColumnDef<OperatorAccount, unknown>[]>(() => {
    const rows = query.data ?? [];
    const waiting = new Set((pending ?? []).map((change) => change.accountId));
    const move = (index: number, by: number) => {
      const ids = rows.map((r) => r.id);
      const [id] = ids.splice(index, 1);
      if (id) ids.splice(index + by, 0, id);
      reorder.mutate(ids);
    };
    return [
      { header: t('accounts.order'), cell: ({ row }) => row.index + 1 },
      {
        header: t('accounts.channel'),
        cell: ({ row }) => (
          <span className="stacked">
            <strong>{row.original.channel}</strong>
            <small className="muted">{t(`accounts.kinds.${row.original.kind}`)}</small>
          </span>
        ),
      },
      { header: t('accounts.accountName'), accessorKey: 'accountName' },
      {
        header: t('accounts.accountNo'),
        cell: ({ row }) => (
          <span className="stacked">
            <code>{row.original.accountNo}</code>
            <small className="muted">{row.original.currency}</small>
          </span>
        ),
      },
      {
        header: t('accounts.bankType'),
        cell: ({ row }) => (
          <span className="stacked">
            {t(`accounts.bankTypes.${row.original.bankType}`)}
            <small className="muted">{t(`accounts.modes.${row.original.mode}`)}</small>
          </span>
        ),
      },
      enabledColumn(t, (row) => waiting.has(row.id)),
      {
        header: '',
        id: 'actions',
        cell: ({ row }) =>
          canSave ? (
            <span className="row-actions">
              <Button
                variant="ghost"
                aria-label={t('accounts.up')}
                disabled={row.index === 0 || reorder.isPending}
                onClick={() => move(row.index, -1)}
              >
                <ArrowUp size={16} aria-hidden />
              </Button>
              <Button
                variant="ghost"
                aria-label={t('accounts.down')}
                disabled={row.index === rows.length - 1 || reorder.isPending}
                onClick={() => move(row.index, 1)}
              >
                <ArrowDown size={16} aria-hidden />
              </Button>
              <Button
                variant="secondary"
                data-testid={`account-toggle-${row.original.accountNo}`}
                disabled={waiting.has(row.original.id)}
                isBusy={toggle.isPending && toggle.variables?.id === row.original.id}
                onClick={() => toggle.mutate(row.original)}
              >
                {row.original.isEnabled ? t('accounts.disable') : t('accounts.enable')}
              </Button>
              <Button
                variant="ghost"
                aria-label={t('accounts.edit')}
                disabled={waiting.has(row.original.id)}
                onClick={() => setEditing(row.original)}
              >
                <Pencil size={16} aria-hidden />
              </Button>
            </span>
          ) : null,
      },
    ];
  }, [t, canSave, query.data, pending, reorder, toggle]);

  return (
    <section className="card" data-testid="setting-accounts">
      <div className="section-head">
        <div>
          <h2 className="setting-card__title">{t('accounts.title')}</h2>
          <p className="muted setting-card__hint">{t('accounts.hint')}</p>
        </div>
        {canSave ? (
          <Button onClick={() => setEditing('new')} data-testid="account-add">
            <Plus size={16} aria-hidden /> {t('accounts.add')}
          </Button>
        ) : null}
      </div>
      <DataTable columns={columns} {...wholeQueryProps(query)} rowId={(row) => row.id} />
      <AccountDialog account={editing} onClose={() => setEditing(null)} />
    </section>
  );
}
