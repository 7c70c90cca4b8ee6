import { useTranslation } from 'react-i18next';
import type { ReconciliationReport } from '@mekong/contracts/admin/reports';
import { formatDateTime, formatMinor } from '@/lib/format';

const money = (minor: string | null, currency: 'THB' | 'LAK' | null) =>
  minor === null ? '—' : formatMinor(minor, currency ?? 'THB');

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
  return (
    <section className="report-section">
      <h2>{t('recon.differences')}</h2>
      <div className="table-wrap table-scroll">
        <table className="data-table" data-testid="differences-table">
          <thead>
            <tr>
              <th scope="col">{t('recon.columns.section')}</th>
              <th scope="col">{t('recon.columns.kind')}</th>
              <th scope="col">{t('recon.columns.member')}</th>
              <th scope="col">{t('recon.columns.subject')}</th>
              <th scope="col">{t('recon.columns.reference')}</th>
              <th scope="col" className="num">
                {t('recon.columns.expected')}
              </th>
              <th scope="col" className="num">
                {t('recon.columns.found')}
              </th>
              <th scope="col" className="num">
                {t('recon.columns.difference')}
              </th>
              <th scope="col">{t('recon.columns.detail')}</th>
            </tr>
          </thead>
          <tbody>
            {report.differences.length === 0 ? (
              <tr>
                <td colSpan={9} className="data-table__empty">
                  {t('recon.noDifferences')}
                </td>
              </tr>
            ) : (
              report.differences.map((d, i) => {
                const delta =
                  d.expectedMinor === null
                    ? null
                    : (BigInt(d.foundMinor ?? '0') - BigInt(d.expectedMinor)).toString();
                return (
                  <tr key={`${d.section}-${d.subject}-${d.reference ?? ''}-${i}`}>
                    <td>
                      <span className="badge badge--info">{t(`recon.sections.${d.section}`)}</span>
                    </td>
                    <td>{kindText(d.kind)}</td>
                    <td>{d.memberPublicId ?? '—'}</td>
                    <td>
                      <code>{d.subject}</code>
                    </td>
                    <td>{d.reference ? <code>{d.reference.slice(0, 18)}</code> : '—'}</td>
                    <td className="num">{money(d.expectedMinor, d.currency)}</td>
                    <td className="num">{money(d.foundMinor, d.currency)}</td>
                    <td className="num">{money(delta, d.currency)}</td>
                    <td className="muted">{detailText(d.detail)}</td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Each provider asked: answered or not, and the ledger's total against the provider's. */
export function ProvidersTable({ report }: { report: ReconciliationReport }) {
  const { t } = useTranslation('reports');
  if (report.games.providers.length === 0) return null;
  return (
    <section className="report-section">
      <h2>{t('recon.providers')}</h2>
      <div className="table-wrap table-scroll">
        <table className="data-table" data-testid="providers-table">
          <thead>
            <tr>
              <th scope="col">{t('tables.provider')}</th>
              <th scope="col">{t('recon.statusTitle')}</th>
              <th scope="col" className="num">
                {t('recon.accounts')}
              </th>
              <th scope="col" className="num">
                {t('recon.inFlight')}
              </th>
              <th scope="col" className="num">
                {t('recon.ledgerTotal')}
              </th>
              <th scope="col" className="num">
                {t('recon.providerTotal')}
              </th>
              <th scope="col" className="num">
                {t('recon.differencesCount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {report.games.providers.map((p) => (
              <tr key={p.provider}>
                <td>{p.provider}</td>
                <td>
                  <span className={`badge ${p.status === 'ok' ? 'badge--ok' : 'badge--danger'}`}>
                    {t(`recon.status.${p.status}`)}
                  </span>
                  {p.error ? <small className="muted"> {p.error}</small> : null}
                </td>
                <td className="num">{p.accountsChecked}</td>
                <td className="num">{p.accountsInFlight}</td>
                <td className="num">{formatMinor(p.ledgerMinor)}</td>
                <td className="num">{formatMinor(p.providerMinor)}</td>
                <td className="num">{p.differences}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
