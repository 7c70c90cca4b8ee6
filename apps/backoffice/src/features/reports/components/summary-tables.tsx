import { useTranslation } from 'react-i18next';
import {
  WITHDRAWAL_STATUSES,
  type CurrencyFigures,
  type Figure,
  type ReportCurrency,
} from '@mekong/contracts/admin/reports';
import { formatMinor } from '@/lib/format';

const gameNetOf = (f: CurrencyFigures | undefined) =>
  (f?.games ?? []).reduce((sum, g) => sum + BigInt(g.netTransferMinor), 0n);

/** Every figure of the summary, in tables (the charts above show the same, for the eye). */
export function SummaryTables({
  days,
  total,
  currency,
}: {
  days: { day: string; figures: CurrencyFigures | undefined }[];
  total: CurrencyFigures;
  currency: ReportCurrency;
}) {
  const { t } = useTranslation('reports');
  const money = (minor: bigint | string) => formatMinor(minor, currency);
  const dayRow = (key: string, label: string, f: CurrencyFigures | undefined) => (
    <tr key={key}>
      <td>{label}</td>
      <td className="num">{money(f?.deposits.total.amountMinor ?? '0')}</td>
      <td className="num">{money(f?.withdrawals.requested.amountMinor ?? '0')}</td>
      <td className="num">{money(f?.withdrawals.paidOut.amountMinor ?? '0')}</td>
      <td className="num">{money(f?.costs.totalMinor ?? '0')}</td>
      <td className="num">{money(gameNetOf(f))}</td>
      <td className="num">{f?.members.registered ?? 0}</td>
      <td className="num">{f?.members.active ?? 0}</td>
    </tr>
  );
  const figureRow = (key: string, label: string, f: Figure) => (
    <tr key={key}>
      <td>{label}</td>
      <td className="num">{f.count}</td>
      <td className="num">{money(f.amountMinor)}</td>
    </tr>
  );
  const c = total.costs;

  return (
    <>
      <section className="report-section">
        <h2>{t('tables.daily')}</h2>
        <div className="table-wrap table-scroll">
          <table className="data-table" data-testid="daily-table">
            <thead>
              <tr>
                <th scope="col">{t('tables.day')}</th>
                <th scope="col" className="num">
                  {t('tables.deposits')}
                </th>
                <th scope="col" className="num">
                  {t('tables.requested')}
                </th>
                <th scope="col" className="num">
                  {t('tables.paidOut')}
                </th>
                <th scope="col" className="num">
                  {t('tables.costs')}
                </th>
                <th scope="col" className="num">
                  {t('tables.gameNet')}
                </th>
                <th scope="col" className="num">
                  {t('tables.registered')}
                </th>
                <th scope="col" className="num">
                  {t('tables.active')}
                </th>
              </tr>
            </thead>
            <tbody>{days.map((d) => dayRow(d.day, d.day, d.figures))}</tbody>
            <tfoot>{dayRow('total', t('tables.total'), total)}</tfoot>
          </table>
        </div>
      </section>
      <section className="report-section">
        <h2>{t('tables.games')}</h2>
        <div className="table-wrap table-scroll">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('tables.provider')}</th>
                <th scope="col" className="num">
                  {t('tables.moneyIn')}
                </th>
                <th scope="col" className="num">
                  {t('tables.moneyOut')}
                </th>
                <th scope="col" className="num">
                  {t('tables.netTransfer')}
                </th>
                <th scope="col" className="num">
                  {t('tables.booked')}
                </th>
                <th scope="col" className="num">
                  {t('tables.bets')}
                </th>
                <th scope="col" className="num">
                  {t('tables.betStakes')}
                </th>
                <th scope="col" className="num">
                  {t('tables.betNet')}
                </th>
              </tr>
            </thead>
            <tbody>
              {total.games.length === 0 ? (
                <tr>
                  <td colSpan={8} className="data-table__empty">
                    {t('tables.noGames')}
                  </td>
                </tr>
              ) : (
                total.games.map((g) => (
                  <tr key={g.provider}>
                    <td>{g.provider}</td>
                    <td className="num">{money(g.moneyIn.amountMinor)}</td>
                    <td className="num">{money(g.moneyOut.amountMinor)}</td>
                    <td className="num">{money(g.netTransferMinor)}</td>
                    <td className="num">{money(g.bookedResultMinor)}</td>
                    <td className="num">{g.bets.count}</td>
                    <td className="num">{money(g.bets.stakeMinor)}</td>
                    <td className="num">{money(g.bets.netMinor)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </section>
      <div className="report-tables">
        <section className="report-section">
          <h2>{t('tables.costsTitle')}</h2>
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t('tables.item')}</th>
                  <th scope="col" className="num">
                    {t('tables.count')}
                  </th>
                  <th scope="col" className="num">
                    {t('tables.amount')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {(
                  [
                    'bonusGiven',
                    'bonusForfeited',
                    'refund',
                    'invite',
                    'prize',
                    'adjustmentCredit',
                    'adjustmentDebit',
                  ] as const
                ).map((key) => figureRow(key, t(`costs.${key}`), c[key]))}
              </tbody>
              <tfoot>
                <tr>
                  <td>{t('costs.total')}</td>
                  <td />
                  <td className="num">{money(c.totalMinor)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        </section>
        <section className="report-section">
          <h2>{t('tables.withdrawals')}</h2>
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t('tables.item')}</th>
                  <th scope="col" className="num">
                    {t('tables.count')}
                  </th>
                  <th scope="col" className="num">
                    {t('tables.amount')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {WITHDRAWAL_STATUSES.map((status) =>
                  figureRow(status, t(`statuses.${status}`), total.withdrawals.byStatus[status]),
                )}
              </tbody>
              <tfoot>{figureRow('paid', t('tables.paidOut'), total.withdrawals.paidOut)}</tfoot>
            </table>
          </div>
        </section>
      </div>
    </>
  );
}
