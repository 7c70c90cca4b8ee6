import { describe, expect, it } from 'vitest';
import { expiresAtOf, formatCountdown } from '@/features/deposit/hooks/countdown';
import { secondsLeft } from '@/lib/use-countdown';

describe('QR countdown', () => {
  it('formats mm:ss with leading zeros', () => {
    expect(formatCountdown(600)).toBe('10:00');
    expect(formatCountdown(599)).toBe('09:59');
    expect(formatCountdown(61)).toBe('01:01');
    expect(formatCountdown(9)).toBe('00:09');
    expect(formatCountdown(0)).toBe('00:00');
  });

  it('never shows negative or fractional time', () => {
    expect(formatCountdown(-3)).toBe('00:00');
    expect(formatCountdown(59.7)).toBe('00:59');
    expect(formatCountdown(Number.NaN)).toBe('00:00');
  });

  it('keeps counting minutes past an hour', () => {
    expect(formatCountdown(3600 + 5)).toBe('60:05');
  });

  it('counts down from expireIn, one second per second', () => {
    const readAt = 1_000_000;
    const expiresAt = expiresAtOf(readAt, 120);
    expect(secondsLeft(expiresAt, readAt)).toBe(120);
    expect(secondsLeft(expiresAt, readAt + 1000)).toBe(119);
    expect(secondsLeft(expiresAt, readAt + 1500)).toBe(119);
    expect(formatCountdown(secondsLeft(expiresAt, readAt + 61_000))).toBe('00:59');
  });

  it('treats the QR as gone at 00:00 and after', () => {
    const expiresAt = expiresAtOf(0, 10);
    expect(secondsLeft(expiresAt, 9_000)).toBe(1);
    expect(secondsLeft(expiresAt, 9_999)).toBe(1);
    expect(secondsLeft(expiresAt, 10_000)).toBe(0);
    expect(secondsLeft(expiresAt, 60_000)).toBe(0);
    expect(secondsLeft(expiresAtOf(5_000, null), 5_000)).toBe(0);
  });
});
