import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameProviderSetting } from '@mekong/contracts/admin/settings-catalogue';
import { Button } from '@/components/button';
import { DataTable } from '@/components/data-table';
import { wholeQueryProps } from '@/components/table-props';
import { useAdminMutation } from '@/components/use-admin-mutation';
import { useCan } from '@/lib/use-operator';
import { PROVIDERS_KEY, setProvider, useGameProviders } from '@/features/settings/api/settings-api';
import { enabledColumn } from '@/features/settings/components/enabled-column';

/** Game providers on or off (settings.system): an off provider leaves the members' game list at once. */
export function ProvidersSection() {
  const { t } = useTranslation('settings');
  const canSave = useCan('settings.system');
  const query = useGameProviders();
  const toggle = useAdminMutation({
    run: (p: GameProviderSetting) => setProvider(p.code, !p.isEnabled),
    invalidates: [PROVIDERS_KEY],
  });
  const columns = useMemo<ColumnDef<GameProviderSetting, unknown>[]>(
    () => [
      {
        header: t('providers.provider'),
        cell: ({ row }) => (
          <span className="provider">
            <img src={row.original.logo} alt="" width={28} height={28} loading="lazy" />
            <strong>{row.original.name}</strong>{' '}
            <small className="muted">{row.original.code}</small>
          </span>
        ),
      },
      {
        header: t('providers.category'),
        cell: ({ row }) =>
          t(`providers.categories.${row.original.category}`, {
            defaultValue: row.original.category,
          }),
      },
      enabledColumn(t),
      {
        header: '',
        id: 'actions',
        cell: ({ row }) =>
          canSave ? (
            <Button
              variant={row.original.isEnabled ? 'secondary' : 'primary'}
              data-testid={`provider-toggle-${row.original.code}`}
              isBusy={toggle.isPending && toggle.variables?.code === row.original.code}
              onClick={() => toggle.mutate(row.original)}
            >
              {row.original.isEnabled ? t('providers.switchOff') : t('providers.switchOn')}
            </Button>
          ) : null,
      },
    ],
    [t, canSave, toggle],
  );
  return (
    <section className="card" data-testid="setting-providers">
      <h2 className="setting-card__title">{t('providers.title')}</h2>
      <p className="muted setting-card__hint">{t('providers.hint')}</p>
      <DataTable columns={columns} {...wholeQueryProps(query)} rowId={(row) => row.code} />
    </section>
  );
}
