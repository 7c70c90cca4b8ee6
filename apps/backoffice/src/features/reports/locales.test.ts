import { describe, expect, it } from 'vitest';
import { reportsLocales } from '@/features/reports/locales';

function keysOf(texts: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keysOf(value as Record<string, unknown>, `${prefix}${key}.`)
      : // English plural forms (_one, _other) are one text in Thai and Lao.
        [`${prefix}${key.replace(/_(one|other)$/, '')}`],
  );
}

describe('reports texts', () => {
  it('has every text in th, en and la', () => {
    const en = [...new Set(keysOf(reportsLocales.en))].sort();
    expect([...new Set(keysOf(reportsLocales.th))].sort()).toEqual(en);
    expect([...new Set(keysOf(reportsLocales.la))].sort()).toEqual(en);
  });
});
