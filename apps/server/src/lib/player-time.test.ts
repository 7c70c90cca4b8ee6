import { PLAYER_TIME_ZONE } from '@mekong/contracts/constants';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isInDailyWindow,
  playerDate,
  playerDayNumber,
  playerDayStart,
  playerWeekday,
  startOfPlayerDay,
} from '@/lib/player-time.ts';

describe('startOfPlayerDay', () => {
  it('is midnight in Bangkok, 17:00 UTC the day before', () => {
    expect(startOfPlayerDay(new Date('2026-11-02T03:00:00Z')).toISOString()).toBe(
      '2026-11-01T17:00:00.000Z',
    );
  });
  it('moves to the next day at 17:00 UTC', () => {
    expect(startOfPlayerDay(new Date('2026-11-02T16:59:59.999Z')).toISOString()).toBe(
      '2026-11-01T17:00:00.000Z',
    );
    expect(startOfPlayerDay(new Date('2026-11-02T17:00:00Z')).toISOString()).toBe(
      '2026-11-02T17:00:00.000Z',
    );
  });
});

// Times are Bangkok (UTC+7): 16:30Z is 23:30 there.
const at = (utc: string) => new Date(`2026-11-02T${utc}:00.000Z`);

describe('isInDailyWindow', () => {
  it('handles a window within one day', () => {
    expect(isInDailyWindow(at('03:00'), '09:00', '11:00')).toBe(true);
    expect(isInDailyWindow(at('04:00'), '09:00', '11:00')).toBe(false);
    expect(isInDailyWindow(at('01:59'), '09:00', '11:00')).toBe(false);
  });
  it('handles a window across midnight', () => {
    expect(isInDailyWindow(at('16:30'), '23:30', '00:30')).toBe(true);
    expect(isInDailyWindow(at('17:15'), '23:30', '00:30')).toBe(true);
    expect(isInDailyWindow(at('17:30'), '23:30', '00:30')).toBe(false);
    expect(isInDailyWindow(at('16:29'), '23:30', '00:30')).toBe(false);
  });
  it('treats an empty window as always open', () => {
    expect(isInDailyWindow(at('16:30'), '23:30', '23:30')).toBe(false);
  });
});

/** What the time-zone database says of a moment in Bangkok: the reference the offset arithmetic must agree with. */
function bangkok(now: Date) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: PLAYER_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    weekday: 'short',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    minutes: Number(part('hour')) * 60 + Number(part('minute')),
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part('weekday')),
  };
}

const moments = fc.date({
  min: new Date('1990-01-01T00:00:00Z'),
  max: new Date('2100-01-01T00:00:00Z'),
  noInvalidDate: true,
});
const hhmm = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);

describe('the players\' clock agrees with the time-zone database', () => {
  it('date, weekday and day number of any moment', () => {
    fc.assert(
      fc.property(moments, (now) => {
        const there = bangkok(now);
        expect(playerDate(now)).toBe(there.date);
        expect(playerWeekday(now)).toBe(there.weekday);
        const start = playerDayStart(playerDayNumber(now));
        expect(playerDate(start)).toBe(there.date);
        expect(bangkok(start).minutes).toBe(0);
        expect(now.getTime() - start.getTime()).toBeLessThan(24 * 60 * 60 * 1000);
        expect(startOfPlayerDay(now)).toEqual(start);
      }),
      { numRuns: 2_000 },
    );
  });

  it('daily windows, as the minutes of the day there say', () => {
    fc.assert(
      fc.property(moments, hhmm, hhmm, (now, from, to) => {
        const current = bangkok(now).minutes;
        const [start, end] = [from, to].map((t) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3)));
        const expected =
          start === end
            ? false
            : start! < end!
              ? current >= start! && current < end!
              : current >= start! || current < end!;
        expect(isInDailyWindow(now, from, to)).toBe(expected);
      }),
      { numRuns: 2_000 },
    );
  });
});
