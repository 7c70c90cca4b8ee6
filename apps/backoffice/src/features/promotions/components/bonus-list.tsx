import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminBonus, BonusStatus } from '@mekong/contracts/admin/promotions';
import { Button } from '@/components/button';
import { DataTable } from '@/components/data-table';
import { Field, Options } from '@/components/form-fields';
import { formatDate, formatMinor } from '@/lib/format';
import { useCan } from '@/lib/use-operator';
import { useBonusList, type BonusFilter } from '@/features/promotions/api/promotions-api';
import { StatusBadge } from '@/features/promotions/components/status-badge';

const PAGE_SIZE = 20;

type Lang = 'th' | 'la' | 'en';
const langOf = (language: string): Lang =>
  language === 'la' || language === 'en' ? language : 'th';

/** Every bonus and promotion code with its state; a row opens the editor. */
export function BonusList({
  selected,
  onOpen,
  onNew,
}: {
  selected: string | null;
  onOpen: (code: string) => void;
  onNew: () => void;
}) {
  const { t, i18n } = useTranslation('promotions');
  const canEdit = useCan('settings.promotions');
  const [filter, setFilter] = useState<BonusFilter>({});
  const [page, setPage] = useState(1);
  const list = useBonusList(filter);
  const rows = list.data?.rows ?? [];
  const lang = langOf(i18n.language);

  const columns = useMemo<ColumnDef<AdminBonus, unknown>[]>(
    () => [
      { header: t('field.code'), cell: ({ row }) => <code>{row.original.code}</code> },
      { header: t('field.name'), cell: ({ row }) => row.original.name[lang] },
      {
        header: t('field.kind'),
        cell: ({ row }) => t(row.original.isPromotion ? 'kind.promotion' : 'kind.bonus'),
      },
      {
        header: t('field.amount'),
        cell: ({ row }) =>
          row.original.amountKind === 'percent'
            ? t('list.percentUpTo', {
                percent: row.original.percent,
                cap: formatMinor(row.original.maxBonusMinor),
              })
            : formatMinor(row.original.maxBonusMinor),
      },
      {
        header: t('field.type'),
        cell: ({ row }) => `${t(`type.${row.original.type}`)} × ${row.original.maxReceived}`,
      },
      {
        header: t('field.status'),
        cell: ({ row }) => <StatusBadge status={row.original.status} />,
      },
      {
        header: t('list.use'),
        cell: ({ row }) => (
          <span className="num">
            {t('list.useCounts', {
              active: row.original.activeCount,
              received: row.original.receivedCount,
            })}
          </span>
        ),
      },
      {
        header: t('list.updated'),
        cell: ({ row }) => formatDate(row.original.updatedAt, i18n.language),
      },
    ],
    [t, lang, i18n.language],
  );

  const set = (patch: Partial<BonusFilter>) => {
    setFilter((current) => ({ ...current, ...patch }));
    setPage(1);
  };

  return (
    <section className="promo-list">
      <div className="filters">
        <Field label={t('list.search')}>
          <input
            value={filter.search ?? ''}
            onChange={(e) => set({ search: e.target.value || undefined })}
          />
        </Field>
        <Field label={t('field.status')}>
          <select
            value={filter.status ?? ''}
            onChange={(e) =>
              set({ status: (e.target.value || undefined) as BonusStatus | undefined })
            }
          >
            <option value="">{t('list.all')}</option>
            <Options
              values={['draft', 'published', 'retired'] as const}
              textOf={(status) => t(`status.${status}`)}
            />
          </select>
        </Field>
        <Field label={t('field.kind')}>
          <select
            value={filter.kind ?? ''}
            onChange={(e) =>
              set({ kind: (e.target.value || undefined) as 'bonus' | 'promotion' | undefined })
            }
          >
            <option value="">{t('list.all')}</option>
            <option value="bonus">{t('kind.bonus')}</option>
            <option value="promotion">{t('kind.promotion')}</option>
          </select>
        </Field>
        <div className="filters__actions">
          {canEdit ? (
            <Button onClick={onNew}>
              <Plus size={16} aria-hidden /> {t('action.newBonus')}
            </Button>
          ) : null}
        </div>
      </div>
      <DataTable
        columns={columns}
        rows={rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)}
        total={rows.length}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={t('list.empty')}
        onRowClick={(row) => onOpen(row.code)}
        rowId={(row) => row.code}
        selectedId={selected}
      />
    </section>
  );
}
