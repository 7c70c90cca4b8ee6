import { describe, expect, it } from 'vitest';
import { lastFinishedWeek, startOfPlayerWeek, weekBefore } from '@/modules/refund/refund-week.ts';

// Bangkok is UTC+7: Monday 2026-11-02 00:00 there is Sunday 2026-11-01 17:00 UTC.
const MONDAY = new Date('2026-11-01T17:00:00.000Z');

describe('refund weeks (Monday 00:00 to Monday 00:00, Asia/Bangkok)', () => {
  it('a week starts on the players’ Monday 00:00, whatever the UTC date', () => {
    expect(startOfPlayerWeek(MONDAY)).toEqual(MONDAY);
    expect(startOfPlayerWeek(new Date('2026-11-01T16:59:59.999Z'))).toEqual(
      new Date('2026-10-25T17:00:00.000Z'),
    );
    // Sunday 23:59 in Bangkok is still the week that began on the Monday before.
    expect(startOfPlayerWeek(new Date('2026-11-08T16:59:00.000Z'))).toEqual(MONDAY);
    expect(startOfPlayerWeek(new Date('2026-11-08T17:00:00.000Z'))).toEqual(
      new Date('2026-11-08T17:00:00.000Z'),
    );
    // Wednesday noon.
    expect(startOfPlayerWeek(new Date('2026-11-04T05:00:00.000Z'))).toEqual(MONDAY);
  });

  it('the last finished week is the one before the current week', () => {
    expect(lastFinishedWeek(new Date('2026-11-04T05:00:00.000Z'))).toEqual({
      start: new Date('2026-10-25T17:00:00.000Z'),
      end: MONDAY,
    });
    expect(lastFinishedWeek(MONDAY)).toEqual({
      start: new Date('2026-10-25T17:00:00.000Z'),
      end: MONDAY,
    });
  });

  it('weeks before', () => {
    const week = lastFinishedWeek(MONDAY);
    expect(weekBefore(week, 2)).toEqual({
      start: new Date('2026-10-11T17:00:00.000Z'),
      end: new Date('2026-10-18T17:00:00.000Z'),
    });
  });
});
