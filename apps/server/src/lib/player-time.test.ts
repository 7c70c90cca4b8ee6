import { describe, expect, it } from 'vitest';
import { isInDailyWindow, startOfPlayerDay } from '@/lib/player-time.ts';

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
