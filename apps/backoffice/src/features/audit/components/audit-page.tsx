import type { ColumnDef } from '@tanstack/react-table';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AuditRecord } from '@mekong/contracts/admin/audit';
import { Button } from '@/components/button';
import { DataTable, tableStateOf } from '@/components/data-table';
import { FilterBar } from '@/components/filter-bar';
import { Dialog } from '@/components/dialog';
import { PageHeader } from '@/components/page-header';
import { formatDateTime } from '@/lib/format';
import { useAuditList, useAuditVerify, type AuditFilter } from '@/features/audit/api/audit-api';

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

/** A date input's day (Bangkok) as the instant it starts; `to` is exclusive, so a day's end is the next day's start. */
function dayStart(day: string, addDays = 0): string | undefined {
  if (!day) return undefined;
  const start = new Date(`${day}T00:00:00+07:00`);
  start.setUTCDate(start.getUTCDate() + addDays);
  return start.toISOString();
}

function toFilter(form: FilterForm, page: number): AuditFilter {
  const text = (value: string) => value.trim() || undefined;
  return {
    operator: text(form.operator),
    action: text(form.action),
    targetType: text(form.targetType),
    targetId: text(form.targetId),
    from: dayStart(form.from),
    to: dayStart(form.to, 1),
    page,
    limit: PAGE_SIZE,
  };
}

export function AuditPage() {
  const { t, i18n } = useTranslation('audit');
  const [applied, setApplied] = useState<FilterForm>(EMPTY);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AuditRecord | null>(null);
  const [isVerifying, setIsVerifying] = useState(false);
  const form = useForm<FilterForm>({ defaultValues: EMPTY });
  const list = useAuditList(toFilter(applied, page));
  const verify = useAuditVerify(isVerifying);

  const columns = useMemo<ColumnDef<AuditRecord, unknown>[]>(
    () => [
      { header: '#', accessorKey: 'seq' },
      { header: t('at'), cell: ({ row }) => formatDateTime(row.original.at, i18n.language) },
      { header: t('operator'), accessorKey: 'operatorName' },
      { header: t('action'), cell: ({ row }) => <code>{row.original.action}</code> },
      {
        header: t('target'),
        cell: ({ row }) => (
          <span>
            {row.original.targetType}
            {row.original.targetId ? (
              <small className="muted"> {row.original.targetId.slice(0, 13)}</small>
            ) : null}
          </span>
        ),
      },
      { header: t('reason'), cell: ({ row }) => row.original.reason ?? '—' },
      { header: t('ip'), cell: ({ row }) => row.original.ip ?? '—' },
    ],
    [t, i18n.language],
  );

  const onApply = form.handleSubmit((values) => {
    setApplied(values);
    setPage(1);
  });

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <Button
            variant="secondary"
            isBusy={verify.isFetching}
            onClick={() => (isVerifying ? void verify.refetch() : setIsVerifying(true))}
          >
            <ShieldCheck size={16} aria-hidden /> {t('verify')}
          </Button>
        }
      />
      {verify.data ? (
        <p
          className={`notice ${verify.data.isIntact ? 'notice--ok' : 'notice--danger'}`}
          role="status"
          data-testid="audit-verdict"
        >
          {verify.data.isIntact ? (
            <ShieldCheck size={16} aria-hidden />
          ) : (
            <ShieldAlert size={16} aria-hidden />
          )}{' '}
          {verify.data.isIntact
            ? t('intact', { records: verify.data.records })
            : t('broken', { seq: verify.data.atSeq, problem: verify.data.problem })}
        </p>
      ) : null}
      <FilterBar
        onSubmit={(event) => void onApply(event)}
        onReset={() => {
          form.reset(EMPTY);
          setApplied(EMPTY);
          setPage(1);
        }}
      >
        <label className="field">
          <span>{t('operator')}</span>
          <input {...form.register('operator')} />
        </label>
        <label className="field">
          <span>{t('action')}</span>
          <input placeholder="withdrawal." {...form.register('action')} />
        </label>
        <label className="field">
          <span>{t('targetType')}</span>
          <input {...form.register('targetType')} />
        </label>
        <label className="field">
          <span>{t('targetId')}</span>
          <input {...form.register('targetId')} />
        </label>
        <label className="field">
          <span>{t('from')}</span>
          <input type="date" {...form.register('from')} />
        </label>
        <label className="field">
          <span>{t('to')}</span>
          <input type="date" {...form.register('to')} />
        </label>
      </FilterBar>
      <DataTable
        columns={columns}
        {...tableStateOf(list)}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        emptyText={t('empty')}
        onRowClick={setOpen}
        rowId={(row) => String(row.seq)}
      />
      <Dialog
        isOpen={open !== null}
        onClose={() => setOpen(null)}
        title={open ? t('record', { seq: open.seq }) : ''}
        size="wide"
      >
        {open ? (
          <div className="audit-detail">
            <dl className="facts">
              <dt>{t('at')}</dt>
              <dd>{formatDateTime(open.at, i18n.language)}</dd>
              <dt>{t('operator')}</dt>
              <dd>{open.operatorName}</dd>
              <dt>{t('action')}</dt>
              <dd>
                <code>{open.action}</code>
              </dd>
              <dt>{t('target')}</dt>
              <dd>
                {open.targetType} {open.targetId}
              </dd>
              <dt>{t('reason')}</dt>
              <dd>{open.reason ?? '—'}</dd>
              <dt>{t('hash')}</dt>
              <dd>
                <code className="hash">{open.hash}</code>
              </dd>
            </dl>
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
          </div>
        ) : null}
      </Dialog>
    </>
  );
}
