import { describe, expect, it } from 'vitest';
import { spinErrorText } from '@/features/spinwheel/hooks/spin-error';
import i18next from 'i18next';
import en from '@/locales/en.json';
import la from '@/locales/la.json';
import th from '@/locales/th.json';

/** Every spin and claim refusal the server can send (docs/spec.md §8, docs/decisions/0013-promotions.md). */
const CODES = [
  'NO_COIN',
  'SPINWHEEL_INACTIVE',
  'NO_CLAIMABLE_COUPON',
  'INVALID_PRIZE_CODE',
  'INVALID_CODE',
  'INVALID_COUPON_TYPE',
  'COUPON_EXPIRED',
  'BONUS_REMAINING',
  'BONUS_ALREADY_ACTIVE',
] as const;

describe('spin.error texts', () => {
  it('exist for every code in th, la and en', () => {
    for (const locale of [th, la, en]) {
      for (const code of CODES) expect(locale.spin.error[code], code).toEqual(expect.any(String));
    }
  });

  it('are what a refusal shows; another code falls back to the catalogue, then to itself', () => {
    const t = i18next.t.bind(i18next);
    expect(spinErrorText(t, 'COUPON_EXPIRED')).toBe(en.spin.error.COUPON_EXPIRED);
    expect(spinErrorText(t, 'INTERNAL_SERVER_ERROR')).toBe(en.errors.INTERNAL_SERVER_ERROR);
    expect(spinErrorText(t, 'SOMETHING_NEW')).toBe('SOMETHING_NEW');
  });
});
