import { describe, expect, it } from 'vitest';
import { membersLocales } from '@/features/members/locales';

/** Every key path of a nested text object, e.g. `tab.overview`. */
function keysOf(texts: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    value && typeof value === 'object'
      ? keysOf(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

describe('members texts', () => {
  it('has every text in Thai, Lao and English, none empty', () => {
    const english = keysOf(membersLocales.en).sort();
    expect(english.length).toBeGreaterThan(50);
    for (const lang of ['th', 'la'] as const)
      expect(keysOf(membersLocales[lang]).sort(), lang).toEqual(english);
    for (const lang of ['th', 'la', 'en'] as const)
      for (const key of english) {
        const value = key
          .split('.')
          .reduce<unknown>(
            (node, part) => (node as Record<string, unknown>)[part],
            membersLocales[lang],
          );
        expect(typeof value === 'string' && value.trim().length > 0, `${lang}:${key}`).toBe(true);
      }
  });
});
