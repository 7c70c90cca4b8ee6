import {
  ledgerCurrency,
  LEDGER_CURRENCIES,
  type LedgerCurrency,
} from '@mekong/contracts/constants';
import type { Kysely } from 'kysely';
import type { ReportRange, SummaryReport } from '@mekong/contracts/admin/reports';
import type { Database } from '@/db/schema.ts';
import { countRegistrationsByDay } from '@/modules/account/member.repository.ts';
import { listSignInDays } from '@/modules/auth/session.repository.ts';
import { sumBetsByDay } from '@/modules/games/game-bets.repository.ts';
import { listMoneyMoverDays, sumPostedFlows } from '@/modules/ledger/ledger-report.repository.ts';
import { dayText, dayWindow } from '@/modules/reports/report-days.ts';
import {
  addFlow,
  emptyFigures,
  gameOf,
  mergeFigures,
  toCurrencyFigures,
  type FiguresAcc,
} from '@/modules/reports/summary-figures.ts';
import { sumWithdrawalsByDay } from '@/modules/withdrawal/withdrawal.repository.ts';

/**
 * The summary per players' day and currency (docs/back-office/reports.md#summary): each owning module sums its own
 * table over the range (one grouped query each, whatever the number of members), and the figures are added up here.
 */
export async function buildSummary(
  db: Kysely<Database>,
  range: ReportRange,
  now: Date,
): Promise<SummaryReport> {
  const window = dayWindow(range);
  const { start, end } = window;
  const [flows, withdrawals, registrations, signIns, movers, bets] = await Promise.all([
    sumPostedFlows(db, start, end),
    sumWithdrawalsByDay(db, start, end),
    countRegistrationsByDay(db, start, end),
    listSignInDays(db, start, end),
    listMoneyMoverDays(db, start, end),
    sumBetsByDay(db, start, end),
  ]);

  const byDay = new Map<number, Map<LedgerCurrency, FiguresAcc>>(
    window.days.map((day) => [
      day,
      new Map(LEDGER_CURRENCIES.map((c) => [c, emptyFigures()] as const)),
    ]),
  );
  // Rows outside the window cannot come back from the queries; the guard keeps a clock edge from throwing.
  const accOf = (day: number, currency: LedgerCurrency) => byDay.get(day)?.get(currency);

  for (const row of flows) {
    const acc = accOf(row.day, row.currency);
    if (acc) addFlow(acc, row);
  }
  for (const row of withdrawals) {
    const target = accOf(row.day, row.currency)?.withdrawals[row.status];
    if (!target) continue;
    target.count += row.count;
    target.amount += row.amountMinor;
  }
  for (const row of registrations) {
    const acc = accOf(row.day, ledgerCurrency(row.currency));
    if (acc) acc.registered += row.count;
  }
  for (const row of signIns) accOf(row.day, ledgerCurrency(row.currency))?.active.add(row.memberId);
  for (const row of movers) accOf(row.day, row.currency)?.active.add(row.memberId);
  for (const row of bets) {
    const acc = accOf(row.day, ledgerCurrency(row.currency));
    if (!acc) continue;
    const game = gameOf(acc, row.provider);
    game.bets.count += row.count;
    game.bets.stake += row.stakeMinor;
    game.bets.payout += row.payoutMinor;
  }

  const totals = new Map(LEDGER_CURRENCIES.map((c) => [c, emptyFigures()] as const));
  const days = window.days.map((day) => {
    const perCurrency = byDay.get(day);
    return {
      day: dayText(day),
      currencies: LEDGER_CURRENCIES.map((currency) => {
        const acc = perCurrency?.get(currency) ?? emptyFigures();
        const total = totals.get(currency);
        if (total) mergeFigures(total, acc);
        return toCurrencyFigures(currency, acc);
      }),
    };
  });
  return {
    from: range.from,
    to: range.to,
    timeZone: 'Asia/Bangkok',
    generatedAt: now.toISOString(),
    days,
    total: {
      day: null,
      currencies: LEDGER_CURRENCIES.map((currency) =>
        toCurrencyFigures(currency, totals.get(currency) ?? emptyFigures()),
      ),
    },
  };
}
