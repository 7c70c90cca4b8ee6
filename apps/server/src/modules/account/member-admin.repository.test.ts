import { describe, expect, it } from 'vitest';
import { phoneDigits } from '@/modules/account/member-admin.repository.ts';

describe('phoneDigits (a phone as support types it)', () => {
  it('keeps the digits and turns the country code into the leading 0', () => {
    expect(phoneDigits('081-234 5678')).toBe('0812345678');
    expect(phoneDigits('+66 81 234 5678')).toBe('0812345678');
    expect(phoneDigits('66812345678')).toBe('0812345678');
  });

  it('leaves a part of a number, and a Lao number, as typed', () => {
    expect(phoneDigits('5678')).toBe('5678');
    expect(phoneDigits('2055512345')).toBe('2055512345');
    expect(phoneDigits('Somchai')).toBe('');
  });
});
