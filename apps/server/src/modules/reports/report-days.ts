import { REPORT_MAX_DAYS, type ReportRange } from '@mekong/contracts/admin/reports';
import { AppError } from '@/lib/app-error.ts';
import { DAY_MS, playerDayStart } from '@/lib/player-time.ts';

/** A YYYY-MM-DD day as the number of days since 1970-01-01 (what playerDayOf answers in SQL). */
export function dayNumber(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return Math.floor(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1) / DAY_MS);
}

export function dayText(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}


export type DayWindow = {
  first: number;
  last: number;
  /** [start, end): the instants of the range. */
  start: Date;
  end: Date;
  days: number[];
};

/** The days of a report range, both ends included; a reversed or over-long range is REPORT_RANGE_INVALID. */
export function dayWindow(range: ReportRange): DayWindow {
  const first = dayNumber(range.from);
  const last = dayNumber(range.to);
  if (!Number.isFinite(first) || !Number.isFinite(last) || last < first)
    throw new AppError('REPORT_RANGE_INVALID');
  if (last - first + 1 > REPORT_MAX_DAYS) throw new AppError('REPORT_RANGE_INVALID');
  const days = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  return { first, last, start: playerDayStart(first), end: playerDayStart(last + 1), days };
}
