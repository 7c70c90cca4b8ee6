import { describe, expect, it } from 'vitest';
import { moneyOutLocales } from '@/features/money-out/locales';

/** Every text key of a locale, plural forms (`_one`, `_other`) counted as their key. */
function keysOf(texts: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keysOf(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key.replace(/_(one|other)$/, '')}`],
  );
}

const sorted = (keys: string[]) => [...new Set(keys)].sort();

describe('money-out texts', () => {
  it('has every text in th, en and la', () => {
    const en = sorted(keysOf(moneyOutLocales.en));
    expect(en.length).toBeGreaterThan(50);
    expect(sorted(keysOf(moneyOutLocales.th))).toEqual(en);
    expect(sorted(keysOf(moneyOutLocales.la))).toEqual(en);
  });
});
