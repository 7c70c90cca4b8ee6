import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';

/** Whether an account or a provider is switched on, as a badge; and whether a change of it waits. */
export function enabledColumn<T extends { isEnabled: boolean }>(
  t: TFunction<'settings'>,
  isWaiting: (row: T) => boolean = () => false,
): ColumnDef<T, unknown> {
  return {
    header: t('accounts.status'),
    cell: ({ row }) => (
      <span className="stacked">
        <span className={`badge ${row.original.isEnabled ? 'badge--ok' : 'badge--warn'}`}>
          {row.original.isEnabled ? t('on') : t('off')}
        </span>
        {isWaiting(row.original) ? (
          <small className="muted">{t('pending.accountWaiting')}</small>
        ) : null}
      </span>
    ),
  };
}
