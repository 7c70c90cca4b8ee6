import type { LedgerCurrency } from '@mekong/contracts/constants';
import { useTranslation } from 'react-i18next';
import {
  currencyFiguresSchema,
  WITHDRAWAL_STATUSES,
  type CurrencyFigures,
  type Figure,
  type GameFigures,
} from '@mekong/contracts/admin/reports';
import type { SimpleColumn } from '@/components/simple-table';
import { formatMinor } from '@/lib/format';
import { ReportTable } from '@/features/reports/components/report-table';

type Costs = CurrencyFigures['costs'];
type CostFigureKey = Exclude<keyof Costs, `${string}Minor`>;

/** The cost figures, in the contract's order (its `…Minor` entries are sums, not figures). */
const COST_FIGURES = Object.keys(currencyFiguresSchema.shape.costs.shape).filter(
  (key): key is CostFigureKey => !key.endsWith('Minor'),
);

const gameNetOf = (f: CurrencyFigures | undefined) =>
  (f?.games ?? []).reduce((sum, g) => sum + BigInt(g.netTransferMinor), 0n);

type DayRow = { key: string; label: string; figures: CurrencyFigures | undefined };
/** A line of the costs or withdrawals table; a total line has no count. */
type FigureRow = { key: string; label: string; count?: number; amountMinor: string };

const figureRow = (key: string, label: string, f: Figure): FigureRow => ({ key, label, ...f });
const num = <T,>(header: string, cell: (row: T) => string | number): SimpleColumn<T> => ({
  header,
  cell,
  isNumber: true,
});

/** Every figure of the summary, in tables (the charts above show the same, for the eye). */
export function SummaryTables({
  days,
  total,
  currency,
}: {
  days: { day: string; figures: CurrencyFigures | undefined }[];
  total: CurrencyFigures;
  currency: LedgerCurrency;
}) {
  const { t } = useTranslation('reports');
  const money = (minor: bigint | string) => formatMinor(minor, currency);

  const dayColumns: SimpleColumn<DayRow>[] = [
    { header: t('tables.day'), cell: (r) => r.label },
    num(t('tables.deposits'), (r) => money(r.figures?.deposits.total.amountMinor ?? '0')),
    num(t('tables.requested'), (r) => money(r.figures?.withdrawals.requested.amountMinor ?? '0')),
    num(t('tables.paidOut'), (r) => money(r.figures?.withdrawals.paidOut.amountMinor ?? '0')),
    num(t('tables.costs'), (r) => money(r.figures?.costs.totalMinor ?? '0')),
    num(t('tables.gameNet'), (r) => money(gameNetOf(r.figures))),
    num(t('tables.registered'), (r) => r.figures?.members.registered ?? 0),
    num(t('tables.active'), (r) => r.figures?.members.active ?? 0),
  ];
  const gameColumns: SimpleColumn<GameFigures>[] = [
    { header: t('tables.provider'), cell: (g) => g.provider },
    num(t('tables.moneyIn'), (g) => money(g.moneyIn.amountMinor)),
    num(t('tables.moneyOut'), (g) => money(g.moneyOut.amountMinor)),
    num(t('tables.netTransfer'), (g) => money(g.netTransferMinor)),
    num(t('tables.booked'), (g) => money(g.bookedResultMinor)),
    num(t('tables.bets'), (g) => g.bets.count),
    num(t('tables.betStakes'), (g) => money(g.bets.stakeMinor)),
    num(t('tables.betNet'), (g) => money(g.bets.netMinor)),
  ];
  const figureColumns: SimpleColumn<FigureRow>[] = [
    { header: t('tables.item'), cell: (r) => r.label },
    num(t('tables.count'), (r) => r.count ?? ''),
    num(t('tables.amount'), (r) => money(r.amountMinor)),
  ];
  const byKey = (row: { key: string }) => row.key;

  return (
    <>
      <ReportTable
        title={t('tables.daily')}
        testId="daily-table"
        isScrolling
        columns={dayColumns}
        rows={days.map((d) => ({ key: d.day, label: d.day, figures: d.figures }))}
        footRows={[{ key: 'total', label: t('tables.total'), figures: total }]}
        rowKey={byKey}
      />
      <ReportTable
        title={t('tables.games')}
        isScrolling
        columns={gameColumns}
        rows={total.games}
        emptyText={t('tables.noGames')}
        rowKey={(g) => g.provider}
      />
      <div className="report-tables">
        <ReportTable
          title={t('tables.costsTitle')}
          columns={figureColumns}
          rows={COST_FIGURES.map((key) => figureRow(key, t(`costs.${key}`), total.costs[key]))}
          footRows={[
            { key: 'total', label: t('costs.total'), amountMinor: total.costs.totalMinor },
          ]}
          rowKey={byKey}
        />
        <ReportTable
          title={t('tables.withdrawals')}
          columns={figureColumns}
          rows={WITHDRAWAL_STATUSES.map((status) =>
            figureRow(status, t(`statuses.${status}`), total.withdrawals.byStatus[status]),
          )}
          footRows={[figureRow('paid', t('tables.paidOut'), total.withdrawals.paidOut)]}
          rowKey={byKey}
        />
      </div>
    </>
  );
}
