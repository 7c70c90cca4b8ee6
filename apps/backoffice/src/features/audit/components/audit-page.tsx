import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditRecord } from '@mekong/contracts/admin/audit';
import { DataTable, tableStateOf } from '@/components/data-table';
import { DetailPanel } from '@/components/detail-panel';
import { Facts } from '@/components/facts';
import { dateFields, FilterBar, useListFilter, type FilterField } from '@/components/filter-bar';
import { PageHeader } from '@/components/page-header';
import { dayRange, textOrUndefined } from '@/lib/filter-values';
import { formatDateTime } from '@/lib/format';
import { useAuditList, type AuditFilter } from '@/features/audit/api/audit-api';
import { AuditSentence, ChangedFields } from '@/features/audit/components/audit-sentence';
import { useChainCheck } from '@/features/audit/components/chain-check';
import '@/features/audit/components/audit.css';

const PAGE_SIZE = 25;

type FilterForm = {
  operator: string;
  action: string;
  targetType: string;
  targetId: string;
  from: string;
  to: string;
};
const EMPTY: FilterForm = {
  operator: '',
  action: '',
  targetType: '',
  targetId: '',
  from: '',
  to: '',
};

function toFilter(form: FilterForm, page: number): AuditFilter {
  return {
    operator: textOrUndefined(form.operator),
    action: textOrUndefined(form.action),
    targetType: textOrUndefined(form.targetType),
    targetId: textOrUndefined(form.targetId),
    ...dayRange(form),
    page,
    limit: PAGE_SIZE,
  };
}

const fields = (t: TFunction): FilterField<FilterForm>[] => [
  { name: 'operator', label: t('operator') },
  { name: 'action', label: t('action'), placeholder: 'withdrawal.' },
  { name: 'targetType', label: t('targetType') },
  { name: 'targetId', label: t('targetId') },
  ...dateFields<FilterForm>(t),
];

export function AuditPage() {
  const { t, i18n } = useTranslation('audit');
  const filter = useListFilter(EMPTY, PAGE_SIZE);
  const [open, setOpen] = useState<AuditRecord | null>(null);
  const list = useAuditList(toFilter(filter.applied, filter.page));
  const check = useChainCheck();

  const columns = useMemo<ColumnDef<AuditRecord, unknown>[]>(
    () => [
      { header: '#', accessorKey: 'seq' },
      { header: t('at'), cell: ({ row }) => formatDateTime(row.original.at, i18n.language) },
      {
        header: t('what'),
        cell: ({ row }) => (
          <span>
            <AuditSentence record={row.original} />
            <br />
            <small className="muted">
              <code>{row.original.action}</code>
            </small>
          </span>
        ),
      },
      { header: t('reason'), cell: ({ row }) => row.original.reason ?? '—' },
    ],
    [t, i18n.language],
  );

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} actions={check.button} />
      {check.notice}
      <FilterBar {...filter.bar} fields={fields(t)} />
      <DataTable
        columns={columns}
        {...tableStateOf(list)}
        {...filter.paging}
        emptyText={t('empty')}
        onRowClick={setOpen}
        rowId={(row) => String(row.seq)}
      />
      <DetailPanel
        isOpen={open !== null}
        onClose={() => setOpen(null)}
        title={open ? t('record', { seq: open.seq }) : ''}
        testId="audit-detail"
      >
        {open ? (
          <div className="audit-detail">
            <p className="audit-detail__sentence">
              <AuditSentence record={open} />
            </p>
            <Facts
              rows={[
                { label: t('at'), value: formatDateTime(open.at, i18n.language) },
                { label: t('operator'), value: open.operatorName },
                { label: t('action'), value: <code>{open.action}</code> },
                { label: t('target'), value: `${open.targetType} ${open.targetId ?? ''}` },
                { label: t('reason'), value: open.reason ?? '—' },
                { label: t('ip'), value: open.ip ?? '—' },
                { label: t('hash'), value: <code className="hash">{open.hash}</code> },
              ]}
            />
            <h3>{t('changes')}</h3>
            <ChangedFields record={open} />
            <details className="audit-detail__raw">
              <summary>{t('raw')}</summary>
              <div className="diff">
                <section>
                  <h3>{t('before')}</h3>
                  <pre>{open.before == null ? '—' : JSON.stringify(open.before, null, 2)}</pre>
                </section>
                <section>
                  <h3>{t('after')}</h3>
                  <pre>{open.after == null ? '—' : JSON.stringify(open.after, null, 2)}</pre>
                </section>
              </div>
            </details>
          </div>
        ) : null}
      </DetailPanel>
    </>
  );
}
