import { describe, expect, it } from 'vitest';
import { formatTimeAgo, timeAgo } from '@/lib/time-ago';

const now = Date.parse('2025-06-01T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000);

describe('timeAgo (docs/spec.md §9 units)', () => {
  it('uses year 31536000 s, month 2592000 s, day 86400 s, hour 3600 s, minute 60 s', () => {
    expect(timeAgo(ago(31_536_000), now)).toEqual({ unit: 'year', value: 1 });
    expect(timeAgo(ago(31_535_999), now)).toEqual({ unit: 'month', value: 12 });
    expect(timeAgo(ago(2_592_000), now)).toEqual({ unit: 'month', value: 1 });
    expect(timeAgo(ago(2_591_999), now)).toEqual({ unit: 'day', value: 29 });
    expect(timeAgo(ago(86_400), now)).toEqual({ unit: 'day', value: 1 });
    expect(timeAgo(ago(86_399), now)).toEqual({ unit: 'hour', value: 23 });
    expect(timeAgo(ago(3600), now)).toEqual({ unit: 'hour', value: 1 });
    expect(timeAgo(ago(3599), now)).toEqual({ unit: 'minute', value: 59 });
    expect(timeAgo(ago(60), now)).toEqual({ unit: 'minute', value: 1 });
  });

  it('floors to whole units', () => {
    expect(timeAgo(ago(2 * 31_536_000 + 30_000_000), now)).toEqual({ unit: 'year', value: 2 });
    expect(timeAgo(ago(5 * 3600 + 3599), now)).toEqual({ unit: 'hour', value: 5 });
  });

  it('is "just now" under a minute, in the future, or for a bad date', () => {
    expect(timeAgo(ago(59), now)).toBeNull();
    expect(timeAgo(ago(-300), now)).toBeNull();
    expect(timeAgo('not a date', now)).toBeNull();
  });
});

describe('formatTimeAgo', () => {
  it('reads naturally in English', () => {
    expect(formatTimeAgo(ago(3 * 3600), 'en', 'just now', now)).toBe('3 hours ago');
    expect(formatTimeAgo(ago(60), 'en', 'just now', now)).toBe('1 minute ago');
    expect(formatTimeAgo(ago(10), 'en', 'just now', now)).toBe('just now');
  });

  it('uses the Thai and Lao scripts', () => {
    expect(formatTimeAgo(ago(2 * 86_400), 'th', 'x', now)).toMatch(/[\u0E00-\u0E7F]/);
    expect(formatTimeAgo(ago(2 * 86_400), 'la', 'x', now)).toMatch(/[\u0E80-\u0EFF]/);
  });
});
