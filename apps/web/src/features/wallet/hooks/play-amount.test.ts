import { beforeEach, describe, expect, it } from 'vitest';
import { lastPlayAmount, playSheetAmount, rememberPlayAmount } from '@/features/wallet/hooks/play-amount';

beforeEach(() => localStorage.clear());

describe('play sheet amount', () => {
  it('offers the whole wallet the first time, then the last amount moved, capped by the wallet', () => {
    expect(playSheetAmount(lastPlayAmount('m1'), 1000)).toBe(1000);
    rememberPlayAmount('m1', 300);
    expect(playSheetAmount(lastPlayAmount('m1'), 1000)).toBe(300);
    expect(playSheetAmount(lastPlayAmount('m1'), 120.5)).toBe(120.5);
  });

  it('keeps each member’s own amount, and ignores what it cannot read', () => {
    rememberPlayAmount('m1', 300);
    rememberPlayAmount('m2', 50);
    expect(lastPlayAmount('m1')).toBe(300);
    expect(lastPlayAmount('m2')).toBe(50);
    expect(lastPlayAmount('m3')).toBeNull();
    localStorage.setItem('play-amount', '{not json');
    expect(lastPlayAmount('m1')).toBeNull();
    localStorage.setItem('play-amount', JSON.stringify({ m1: -5, m2: 'x' }));
    expect(lastPlayAmount('m1')).toBeNull();
    expect(lastPlayAmount('m2')).toBeNull();
  });
});
