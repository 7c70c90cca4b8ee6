import type { StatementEntry } from '@mekong/contracts/statement';
import { formatMoney, playerDayKey, playerParts, previousDayKey } from '@/lib/format';

/**
 * Spec §9: deposit and bonus "+", withdraw "-", a transfer no sign. A bonus's end takes money (a forfeit, issue 28),
 * so it is "-" too: unsigned it read as money moved to the bonus wallet.
 */
export function amountSign(type: StatementEntry['statementType']): '+' | '-' | '' {
  if (type === 'deposit' || type === 'bonus') return '+';
  if (type === 'withdraw' || type === 'finish_bonus') return '-';
  return '';
}

/** The amount as the statement shows it: its sign, then 2 decimals (the server sends amounts unsigned). */
export function signedAmount(entry: Pick<StatementEntry, 'statementType' | 'amount'>, symbol = ''): string {
  return `${amountSign(entry.statementType)}${symbol}${formatMoney(Math.abs(entry.amount))}`;
}

/** SUCCESS, FAILED, anything else in progress (docs/spec.md §4). */
export function statusKind(status: string): 'success' | 'failed' | 'progress' {
  if (status === 'SUCCESS') return 'success';
  if (status === 'FAILED') return 'failed';
  return 'progress';
}

export type DayGroup<T> = { dayKey: string; entries: T[] };

/** Rows grouped by the players' calendar day (docs/design.md#player-time), keeping the server's newest-first order. */
export function groupByDay<T extends { createdAt: string }>(entries: readonly T[]): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const entry of entries) {
    const dayKey = playerDayKey(entry.createdAt);
    const last = groups.at(-1);
    if (last && last.dayKey === dayKey) last.entries.push(entry);
    else groups.push({ dayKey, entries: [entry] });
  }
  return groups;
}

/** A day header: today, yesterday, else the weekday; the date itself is always shown beside it. */
export function dayName(dayKey: string, now: number): 'today' | 'yesterday' | number {
  const today = playerDayKey(now);
  if (dayKey === today) return 'today';
  if (dayKey === previousDayKey(today)) return 'yesterday';
  return playerParts(`${dayKey}T12:00:00+07:00`)?.weekday ?? 0;
}
