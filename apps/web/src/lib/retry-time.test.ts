import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { retryTimeText } from '@/lib/retry-time';

const t = ((key: string, values: { time: string; date?: string }) =>
  `${key} ${values.date ?? ''} ${values.time}`.replace(/\s+/g, ' ')) as unknown as TFunction;

describe('retryTimeText', () => {
  const now = Date.parse('2026-11-28T07:29:10Z'); // 14:29:10 in the players' time zone
  it('rounds the limit’s end up to the minute, in the players’ time zone', () => {
    const limit = new ApiError('REQUEST_LIMIT_1MIN', 429, new Date('2026-11-28T07:29:20Z'));
    expect(retryTimeText(t, limit, now)).toBe('limit.tryAt 14:30');
  });

  it('adds the date when the limit ends on another day', () => {
    const limit = new ApiError('REQUEST_LIMIT', 429, new Date('2026-11-29T07:29:00Z'));
    expect(retryTimeText(t, limit, now)).toMatch(/^limit\.tryOn 29\/11\/\d{4} 14:29$/);
  });

  it('says nothing for other refusals or a limit without a time', () => {
    expect(retryTimeText(t, new ApiError('WRONG_CREDENTIAL', 401), now)).toBeNull();
    expect(retryTimeText(t, new ApiError('REQUEST_LIMIT', 429), now)).toBeNull();
  });
});
