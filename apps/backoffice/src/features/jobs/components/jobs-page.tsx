import { RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FailedRunRow, JobRow } from '@mekong/contracts/admin/jobs';
import { Button } from '@/components/button';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { SimpleTable, type SimpleColumn } from '@/components/simple-table';
import { useAdminMutation } from '@/components/use-admin-mutation';
import { JOBS_KEY, retryJobRun, useJobs } from '@/features/jobs/api/jobs-api';
import { formatDateTimeSeconds } from '@/lib/format';
import { useCan } from '@/lib/use-operator';
import '@/features/jobs/components/jobs.css';

/** A period in the largest whole unit: 10 s, 5 min, 1 h. */
function periodParts(seconds: number): { count: number; unit: 'seconds' | 'minutes' | 'hours' } {
  if (seconds % 3600 === 0) return { count: seconds / 3600, unit: 'hours' };
  if (seconds % 60 === 0) return { count: seconds / 60, unit: 'minutes' };
  return { count: seconds, unit: 'seconds' };
}

/**
 * The periodic jobs (docs/decisions/0018-jobs-engine.md): each job's period and last runs, then the failed runs; a
 * dead run (retries spent) can be retried by an operator with the system permission.
 */
export function JobsPage() {
  const { t, i18n } = useTranslation('jobs');
  const jobs = useJobs();
  const canRetry = useCan('settings.system');
  const retry = useAdminMutation({
    run: (id: string) => retryJobRun(id),
    invalidates: [JOBS_KEY],
    successText: () => t('retried'),
  });
  const when = (iso: string | null) =>
    iso ? formatDateTimeSeconds(iso, i18n.language) : <span className="muted">{t('never')}</span>;
  const jobName = (name: string) => t(`names.${name}`, { defaultValue: name });

  const jobColumns: SimpleColumn<JobRow>[] = [
    {
      header: t('job'),
      cell: (row) => (
        <span>
          <strong>{jobName(row.name)}</strong> <small className="muted">{row.name}</small>
        </span>
      ),
    },
    {
      header: t('period'),
      cell: (row) => {
        const { count, unit } = periodParts(row.periodSeconds);
        return t(`every.${unit}`, { count });
      },
    },
    { header: t('lastRun'), cell: (row) => when(row.lastStartedAt) },
    { header: t('lastSuccess'), cell: (row) => when(row.lastSuccessAt) },
    {
      header: t('failures'),
      isNumber: true,
      cell: (row) =>
        row.failuresInARow > 0 ? (
          <span className="badge badge--danger" title={row.lastError ?? undefined}>
            {t('inARow', { count: row.failuresInARow })}
          </span>
        ) : (
          <span>{t('ofRuns', { failed: row.failedRuns, runs: row.runs })}</span>
        ),
    },
  ];

  // A job with a run retrying already runs again on its own: retrying one of its dead runs is refused.
  const retrying = new Set(
    (jobs.data?.failed ?? []).filter((run) => run.state === 'retry').map((run) => run.job),
  );
  const failedColumns: SimpleColumn<FailedRunRow>[] = [
    { header: t('job'), cell: (row) => <strong>{jobName(row.job)}</strong> },
    {
      header: t('state'),
      cell: (row) => (
        <span className={`badge ${row.state === 'failed' ? 'badge--danger' : 'badge--warn'}`}>
          {t(`states.${row.state}`)}
        </span>
      ),
    },
    { header: t('attempts'), isNumber: true, cell: (row) => row.attempts },
    { header: t('failedAt'), cell: (row) => when(row.failedAt ?? row.startedAt) },
    { header: t('error'), cell: (row) => <code>{row.error ?? '—'}</code> },
    {
      header: '',
      cell: (row) =>
        canRetry && row.state === 'failed' && !retrying.has(row.job) ? (
          <Button
            variant="ghost"
            isBusy={retry.isPending && retry.variables === row.id}
            onClick={() => retry.mutate(row.id)}
          >
            <RotateCcw size={14} aria-hidden /> {t('retry')}
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          jobs.data ? (
            <span
              className={`badge ${jobs.data.isEngineRunning ? 'badge--ok' : 'badge--warn'}`}
              data-testid="jobs-engine"
            >
              {jobs.data.isEngineRunning ? t('engineRunning') : t('engineStopped')}
            </span>
          ) : null
        }
      />
      <QueryState query={jobs}>
        {(data) => (
          <div className="jobs">
            <SimpleTable
              columns={jobColumns}
              rows={data.jobs}
              rowKey={(row) => row.name}
              testId="jobs-table"
            />
            <section>
              <h2>{t('failedTitle')}</h2>
              <p className="muted">{t('failedHelp')}</p>
              <SimpleTable
                columns={failedColumns}
                rows={data.failed}
                rowKey={(row) => row.id}
                emptyText={t('noFailed')}
                testId="failed-runs-table"
              />
            </section>
          </div>
        )}
      </QueryState>
    </>
  );
}
