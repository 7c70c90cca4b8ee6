import type {
  CurrencyFigures,
  ReconciliationReport,
  SummaryReport,
} from '@mekong/contracts/admin/reports';
import { minorCell, toCsv, type CsvCell } from '@/lib/csv.ts';

/**
 * The reports as CSV (docs/back-office/reports.md#csv): long format, one row per day, currency and figure, so a
 * spreadsheet can pivot it; amounts both in minor units (exact) and as a decimal.
 */

const SUMMARY_HEADER = ['day', 'currency', 'group', 'item', 'count', 'amount_minor', 'amount'];

function figureRows(day: string, f: CurrencyFigures): CsvCell[][] {
  const row = (group: string, item: string, count: number | null, minor: string) => [
    day,
    f.currency,
    group,
    item,
    count,
    BigInt(minor),
    minorCell(minor),
  ];
  const rows: CsvCell[][] = [
    row('deposits', 'total', f.deposits.total.count, f.deposits.total.amountMinor),
  ];
  for (const [channel, v] of Object.entries(f.deposits.byChannel))
    rows.push(row('deposits', channel, v.count, v.amountMinor));
  const w = f.withdrawals;
  rows.push(row('withdrawals', 'requested', w.requested.count, w.requested.amountMinor));
  for (const [status, v] of Object.entries(w.byStatus))
    rows.push(row('withdrawals', status, v.count, v.amountMinor));
  rows.push(row('withdrawals', 'paid_out', w.paidOut.count, w.paidOut.amountMinor));
  const c = f.costs;
  for (const [item, v] of [
    ['bonus_given', c.bonusGiven],
    ['bonus_forfeited', c.bonusForfeited],
    ['refund', c.refund],
    ['invite', c.invite],
    ['prize', c.prize],
    ['adjustment_credit', c.adjustmentCredit],
    ['adjustment_debit', c.adjustmentDebit],
  ] as const)
    rows.push(row('costs', item, v.count, v.amountMinor));
  rows.push(row('costs', 'bonus_net', null, c.bonusNetMinor));
  rows.push(row('costs', 'total', null, c.totalMinor));
  for (const g of f.games) {
    const group = `game ${g.provider}`;
    rows.push(row(group, 'money_in', g.moneyIn.count, g.moneyIn.amountMinor));
    rows.push(row(group, 'money_out', g.moneyOut.count, g.moneyOut.amountMinor));
    rows.push(row(group, 'net_transfer', null, g.netTransferMinor));
    rows.push(row(group, 'booked_result', null, g.bookedResultMinor));
    rows.push(row(group, 'bet_stakes', g.bets.count, g.bets.stakeMinor));
    rows.push(row(group, 'bet_payouts', null, g.bets.payoutMinor));
    rows.push(row(group, 'bet_net', null, g.bets.netMinor));
  }
  rows.push([day, f.currency, 'members', 'registered', f.members.registered, null, null]);
  rows.push([day, f.currency, 'members', 'active', f.members.active, null, null]);
  return rows;
}

export function summaryCsv(report: SummaryReport): string {
  const rows: CsvCell[][] = [];
  for (const day of report.days)
    for (const f of day.currencies) rows.push(...figureRows(day.day ?? '', f));
  for (const f of report.total.currencies)
    rows.push(...figureRows(`${report.from}..${report.to}`, f));
  return toCsv(SUMMARY_HEADER, rows);
}

const RECONCILIATION_HEADER = [
  'section',
  'kind',
  'currency',
  'member',
  'subject',
  'reference',
  'expected_minor',
  'found_minor',
  'difference_minor',
  'detail',
];

export function reconciliationCsv(report: ReconciliationReport): string {
  const rows = report.differences.map((d): CsvCell[] => [
    d.section,
    d.kind,
    d.currency,
    d.memberPublicId ?? d.memberId,
    d.subject,
    d.reference,
    d.expectedMinor === null ? null : BigInt(d.expectedMinor),
    d.foundMinor === null ? null : BigInt(d.foundMinor),
    d.expectedMinor === null ? null : BigInt(d.foundMinor ?? '0') - BigInt(d.expectedMinor),
    d.detail,
  ]);
  for (const p of report.games.providers)
    if (p.status === 'unreachable')
      rows.push([
        'games',
        'provider_unreachable',
        null,
        null,
        p.provider,
        null,
        null,
        null,
        null,
        p.error,
      ]);
  if (report.payouts.bankStatus === 'unreachable')
    rows.push(['payouts', 'bank_unreachable', null, null, 'bank', null, null, null, null, null]);
  return toCsv(RECONCILIATION_HEADER, rows);
}
