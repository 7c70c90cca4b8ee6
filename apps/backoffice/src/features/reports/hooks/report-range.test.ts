import { describe, expect, it } from 'vitest';
import { addDays, bangkokToday, presetRange } from '@/features/reports/hooks/report-range';

describe('report ranges (Bangkok days)', () => {
  it('turns to the next day at 17:00 UTC', () => {
    expect(bangkokToday(new Date('2026-11-24T16:59:59Z'))).toBe('2026-11-24');
    expect(bangkokToday(new Date('2026-11-24T17:00:00Z'))).toBe('2026-11-25');
  });

  it('makes the presets from that day', () => {
    const now = new Date('2026-11-24T18:00:00Z');
    expect(presetRange('today', now)).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(presetRange('last7', now)).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(presetRange('thisMonth', now)).toEqual({ from: '2026-11-01', to: '2026-11-25' });
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
