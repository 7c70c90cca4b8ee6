import { describe, expect, it } from 'vitest';
import { waitingOf } from '@/components/waiting-time';

describe('waitingOf', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');
  it('counts minutes under two hours, hours under two days, then days', () => {
    expect(waitingOf('2026-11-28T11:48:00Z', now)).toEqual({ unit: 'minutes', count: 12 });
    expect(waitingOf('2026-11-28T10:01:00Z', now)).toEqual({ unit: 'minutes', count: 119 });
    expect(waitingOf('2026-11-28T09:30:00Z', now)).toEqual({ unit: 'hours', count: 2 });
    expect(waitingOf('2026-11-26T12:30:00Z', now)).toEqual({ unit: 'hours', count: 47 });
    expect(waitingOf('2026-11-25T12:00:00Z', now)).toEqual({ unit: 'days', count: 3 });
  });
  it('never counts below zero (a clock ahead of the browser)', () => {
    expect(waitingOf('2026-11-28T12:05:00Z', now)).toEqual({ unit: 'minutes', count: 0 });
  });
});
