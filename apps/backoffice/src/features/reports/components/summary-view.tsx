import type { LedgerCurrency } from '@mekong/contracts/constants';
import { useTranslation } from 'react-i18next';
import {
  DEPOSIT_CHANNELS,
  type CurrencyFigures,
  type SummaryReport,
} from '@mekong/contracts/admin/reports';
import { DailyBars, HorizontalBars } from '@/features/reports/components/bar-charts';
import { StatCard } from '@/features/reports/components/stat-card';
import { SummaryTables } from '@/features/reports/components/summary-tables';
import { formatMinor } from '@/lib/format';

const sumGames = (f: CurrencyFigures, pick: (g: CurrencyFigures['games'][number]) => string) =>
  f.games.reduce((sum, g) => sum + BigInt(pick(g)), 0n);

/** The summary of one currency: cards, charts, then the tables with every figure. */
export function SummaryView({
  report,
  currency,
}: {
  report: SummaryReport;
  currency: LedgerCurrency;
}) {
  const { t } = useTranslation('reports');
  const of = (currencies: CurrencyFigures[]) => currencies.find((c) => c.currency === currency);
  const total = of(report.total.currencies);
  if (!total) return null;
  const money = (minor: bigint | string) => formatMinor(minor, currency);
  const deposits = BigInt(total.deposits.total.amountMinor);
  const paidOut = BigInt(total.withdrawals.paidOut.amountMinor);
  const gameNet = sumGames(total, (g) => g.netTransferMinor);
  const booked = sumGames(total, (g) => g.bookedResultMinor);
  const days = report.days.map((d) => ({ day: d.day ?? '', figures: of(d.currencies) }));

  return (
    <>
      <div className="stat-cards">
        <StatCard
          testId="card-deposits"
          label={t('cards.deposits')}
          value={money(deposits)}
          hint={t('cards.transactions', { count: total.deposits.total.count })}
        />
        <StatCard
          testId="card-paid-out"
          label={t('cards.paidOut')}
          value={money(paidOut)}
          hint={t('cards.requested', { count: total.withdrawals.requested.count })}
        />
        <StatCard
          label={t('cards.netCash')}
          value={money(deposits - paidOut)}
          isNegative={deposits < paidOut}
        />
        <StatCard
          label={t('cards.costs')}
          value={money(total.costs.totalMinor)}
          hint={t('cards.costsHint')}
        />
        <StatCard
          label={t('cards.gameNet')}
          value={money(gameNet)}
          isNegative={gameNet < 0n}
          hint={t('cards.booked', { amount: money(booked) })}
        />
        <StatCard
          testId="card-members"
          label={t('cards.members')}
          value={String(total.members.active)}
          hint={t('cards.registered', { count: total.members.registered })}
        />
      </div>
      <div className="report-grid">
        <DailyBars
          title={t('charts.daily')}
          labels={days.map((d) => d.day)}
          series={[
            {
              label: t('charts.deposits'),
              color: '#2947c7',
              values: days.map((d) => BigInt(d.figures?.deposits.total.amountMinor ?? '0')),
            },
            {
              label: t('charts.paidOut'),
              color: '#e08a00',
              values: days.map((d) => BigInt(d.figures?.withdrawals.paidOut.amountMinor ?? '0')),
            },
          ]}
        />
        <HorizontalBars
          title={t('charts.byChannel')}
          emptyText={t('tables.noGames')}
          rows={DEPOSIT_CHANNELS.map((channel) => {
            const f = total.deposits.byChannel[channel];
            return {
              label: t(`channels.${channel}`),
              value: BigInt(f.amountMinor),
              text: money(f.amountMinor),
            };
          })}
        />
      </div>
      <div className="report-section">
        <HorizontalBars
          title={t('charts.games')}
          emptyText={t('tables.noGames')}
          rows={total.games.map((g) => ({
            label: g.provider,
            value: BigInt(g.netTransferMinor),
            text: money(g.netTransferMinor),
          }))}
        />
      </div>
      <SummaryTables days={days} total={total} currency={currency} />
    </>
  );
}
