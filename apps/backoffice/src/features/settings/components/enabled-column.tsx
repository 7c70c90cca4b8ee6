import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';

/** Whether an account or a provider is switched on, as a badge. */
export function enabledColumn<T extends { isEnabled: boolean }>(
  t: TFunction<'settings'>,
): ColumnDef<T, unknown> {
  return {
    header: t('accounts.status'),
    cell: ({ row }) => (
      <span className={`badge ${row.original.isEnabled ? 'badge--ok' : 'badge--warn'}`}>
        {row.original.isEnabled ? t('on') : t('off')}
      </span>
    ),
  };
}
