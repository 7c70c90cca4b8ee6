import { describe, expect, it } from 'vitest';
import { startOfPlayerDay } from '@/modules/withdrawal/withdrawal-day.ts';

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
