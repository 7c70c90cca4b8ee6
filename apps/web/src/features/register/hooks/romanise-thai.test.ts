import { describe, expect, it } from 'vitest';
import { romaniseThai } from '@/features/register/hooks/romanise-thai';

describe('romaniseThai', () => {
  it('spells common Thai names in English letters', () => {
    expect(romaniseThai('สมชาย')).toBe('SOMCHAI');
    expect(romaniseThai('ใจดี')).toBe('CHAIDI');
    expect(romaniseThai('มาลี')).toBe('MALI');
    expect(romaniseThai('สมชาย ใจดี')).toMatch(/^[A-Z]+ [A-Z]+$/);
  });
});
