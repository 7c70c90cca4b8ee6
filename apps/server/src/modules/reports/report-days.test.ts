import { describe, expect, it } from 'vitest';
import { playerDayNumber, playerDayStart } from '@/lib/player-time.ts';
import { dayNumber, dayText, dayWindow } from '@/modules/reports/report-days.ts';

describe('report days (Asia/Bangkok)', () => {
  it('round-trips a day through its number', () => {
    expect(dayText(dayNumber('2026-11-02'))).toBe('2026-11-02');
    expect(dayNumber('1970-01-02')).toBe(1);
  });

  it('starts a day at 17:00 UTC the day before', () => {
    expect(playerDayStart(dayNumber('2026-11-02')).toISOString()).toBe('2026-11-01T17:00:00.000Z');
  });

  it('puts 16:59:59 UTC on one day and 17:00 UTC on the next', () => {
    expect(dayText(playerDayNumber(new Date('2026-11-02T16:59:59.999Z')))).toBe('2026-11-02');
    expect(dayText(playerDayNumber(new Date('2026-11-02T17:00:00.000Z')))).toBe('2026-11-03');
  });

  it('covers both ends of a range', () => {
    const w = dayWindow({ from: '2026-11-01', to: '2026-11-03' });
    expect(w.days.map(dayText)).toEqual(['2026-11-01', '2026-11-02', '2026-11-03']);
    expect(w.start.toISOString()).toBe('2026-10-31T17:00:00.000Z');
    expect(w.end.toISOString()).toBe('2026-11-03T17:00:00.000Z');
  });

  it('refuses a reversed or too long range', () => {
    expect(() => dayWindow({ from: '2026-11-03', to: '2026-11-01' })).toThrow(
      'REPORT_RANGE_INVALID',
    );
    expect(() => dayWindow({ from: '2026-01-01', to: '2026-12-31' })).toThrow(
      'REPORT_RANGE_INVALID',
    );
    expect(dayWindow({ from: '2026-01-01', to: '2026-04-03' }).days).toHaveLength(93);
  });
});
