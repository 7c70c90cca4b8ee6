import type { LedgerCurrency } from '@mekong/contracts/constants';
import { useTranslation } from 'react-i18next';
import type { ReconciliationReport } from '@mekong/contracts/admin/reports';
import type { SimpleColumn } from '@/components/simple-table';
import { formatDateTime, formatMinor } from '@/lib/format';
import { ReportTable } from '@/features/reports/components/report-table';

type Difference = ReconciliationReport['differences'][number];
type Provider = ReconciliationReport['games']['providers'][number];

const money = (minor: string | null, currency: LedgerCurrency | null) =>
  minor === null ? '—' : formatMinor(minor, currency ?? 'THB');

/** Found − expected; none when nothing was expected. */
const deltaOf = (d: Difference) =>
  d.expectedMinor === null
    ? null
    : (BigInt(d.foundMinor ?? '0') - BigInt(d.expectedMinor)).toString();

/** Every difference found: what the ledger expects against what the other party holds. */
export function DifferencesTable({ report }: { report: ReconciliationReport }) {
  const { t, i18n } = useTranslation('reports');
  const kindText = (kind: string) =>
    i18n.exists(`reports:recon.kinds.${kind}`) ? t(`recon.kinds.${kind}`) : kind;
  // The server's detail is plain English for the CSV; the screen says the known ones in the operator's language.
  const detailText = (detail: string | null) => {
    if (!detail) return '';
    if (detail === 'never synced') return t('recon.neverSynced');
    const synced = /^last synced (.+)$/.exec(detail);
    if (synced?.[1]) return t('recon.lastSynced', { at: formatDateTime(synced[1], i18n.language) });
    return i18n.exists(`reports:recon.reasons.${detail}`) ? t(`recon.reasons.${detail}`) : detail;
  };
  const columns: SimpleColumn<Difference>[] = [
    {
      header: t('recon.columns.section'),
      cell: (d) => <span className="badge badge--info">{t(`recon.sections.${d.section}`)}</span>,
    },
    { header: t('recon.columns.kind'), cell: (d) => kindText(d.kind) },
    { header: t('recon.columns.member'), cell: (d) => d.memberPublicId ?? '—' },
    { header: t('recon.columns.subject'), cell: (d) => <code>{d.subject}</code> },
    {
      header: t('recon.columns.reference'),
      cell: (d) => (d.reference ? <code>{d.reference.slice(0, 18)}</code> : '—'),
    },
    {
      header: t('recon.columns.expected'),
      cell: (d) => money(d.expectedMinor, d.currency),
      isNumber: true,
    },
    {
      header: t('recon.columns.found'),
      cell: (d) => money(d.foundMinor, d.currency),
      isNumber: true,
    },
    {
      header: t('recon.columns.difference'),
      cell: (d) => money(deltaOf(d), d.currency),
      isNumber: true,
    },
    {
      header: t('recon.columns.detail'),
      cell: (d) => detailText(d.detail),
      cellClassName: 'muted',
    },
  ];
  return (
    <ReportTable
      title={t('recon.differences')}
      testId="differences-table"
      isScrolling
      columns={columns}
      rows={report.differences}
      emptyText={t('recon.noDifferences')}
      rowKey={(d, i) => `${d.section}-${d.subject}-${d.reference ?? ''}-${i}`}
    />
  );
}

/** Each provider asked: answered or not, and the ledger's total against the provider's. */
export function ProvidersTable({ report }: { report: ReconciliationReport }) {
  const { t } = useTranslation('reports');
  if (report.games.providers.length === 0) return null;
  const columns: SimpleColumn<Provider>[] = [
    { header: t('tables.provider'), cell: (p) => p.provider },
    {
      header: t('recon.statusTitle'),
      cell: (p) => (
        <>
          <span className={`badge ${p.status === 'ok' ? 'badge--ok' : 'badge--danger'}`}>
            {t(`recon.status.${p.status}`)}
          </span>
          {p.error ? <small className="muted"> {p.error}</small> : null}
        </>
      ),
    },
    { header: t('recon.accounts'), cell: (p) => p.accountsChecked, isNumber: true },
    { header: t('recon.inFlight'), cell: (p) => p.accountsInFlight, isNumber: true },
    { header: t('recon.ledgerTotal'), cell: (p) => formatMinor(p.ledgerMinor), isNumber: true },
    { header: t('recon.providerTotal'), cell: (p) => formatMinor(p.providerMinor), isNumber: true },
    { header: t('recon.differencesCount'), cell: (p) => p.differences, isNumber: true },
  ];
  return (
    <ReportTable
      title={t('recon.providers')}
      testId="providers-table"
      isScrolling
      columns={columns}
      rows={report.games.providers}
      rowKey={(p) => p.provider}
    />
  );
}
