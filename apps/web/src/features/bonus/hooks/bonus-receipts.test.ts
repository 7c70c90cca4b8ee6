import { describe, expect, it } from 'vitest';
import { fillPercentFail, isExhausted, receivedCount } from '@/features/bonus/hooks/bonus-receipts';

// Wednesday 2026-11-25 10:00 in Bangkok (03:00 UTC).
const now = new Date('2026-11-25T03:00:00Z');
const at = (iso: string) => ({ updatedAt: iso });

describe('receivedCount (spec §4, Asia/Bangkok)', () => {
  it('counts every receipt for a limit bonus', () => {
    expect(receivedCount('limit', [at('2020-01-01T00:00:00Z'), at('2026-11-25T02:00:00Z')], now)).toBe(2);
  });

  it('counts a day bonus by the Bangkok day, not the UTC day', () => {
    const received = [
      at('2026-11-24T17:00:00Z'), // 00:00 on the 25th in Bangkok: today
      at('2026-11-24T16:59:59Z'), // 23:59:59 on the 24th in Bangkok: yesterday, though the same UTC day as the one above
      at('2026-11-25T16:59:59Z'), // 23:59:59 on the 25th in Bangkok: today
    ];
    expect(receivedCount('day', received, now)).toBe(2);
  });

  it('counts a week bonus from Monday 00:00 Bangkok', () => {
    const received = [
      at('2026-11-23T17:00:00Z'), // Tuesday 00:00 Bangkok
      at('2026-11-22T17:00:00Z'), // Monday 00:00 Bangkok: this week
      at('2026-11-22T16:59:59Z'), // Sunday 23:59:59 Bangkok: last week
      at('2026-11-18T03:00:00Z'), // last Wednesday
    ];
    expect(receivedCount('week', received, now)).toBe(2);
  });

  it('on a Sunday the week still began on the Monday before', () => {
    const sunday = new Date('2026-11-29T16:00:00Z'); // Sunday 23:00 Bangkok
    expect(receivedCount('week', [at('2026-11-22T17:00:00Z'), at('2026-11-22T16:00:00Z')], sunday)).toBe(1);
  });

  it('ignores a receipt it cannot read', () => {
    expect(receivedCount('day', [at('not a date')], now)).toBe(0);
  });
});

describe('isExhausted', () => {
  const bonus = (type: 'limit' | 'day' | 'week', maxReceived: number, received: { updatedAt: string }[] | null) => ({
    type,
    maxReceived,
    userBonus: received ? { _id: 'u1', isActive: false, received } : null,
  });

  it('is exhausted when the count reaches maxReceived', () => {
    expect(isExhausted(bonus('limit', 1, [at('2026-01-01T00:00:00Z')]), now)).toBe(true);
    expect(isExhausted(bonus('limit', 2, [at('2026-01-01T00:00:00Z')]), now)).toBe(false);
  });

  it('a day bonus received yesterday is open again today', () => {
    expect(isExhausted(bonus('day', 1, [at('2026-11-24T03:00:00Z')]), now)).toBe(false);
    expect(isExhausted(bonus('day', 1, [at('2026-11-25T01:00:00Z')]), now)).toBe(true);
  });

  it('a bonus never received is open', () => {
    expect(isExhausted(bonus('week', 1, null), now)).toBe(false);
  });
});

describe('fillPercentFail', () => {
  it('replaces every %percentFail%', () => {
    expect(fillPercentFail('below %percentFail%% ends it; %percentFail%', 10)).toBe('below 10% ends it; 10');
  });
});
