import { describe, expect, it } from 'vitest';
import { chatLocales } from '@/features/chat/locales';

/** Every text key of a locale, plural forms (`_one`, `_other`) counted as their key. */
function keysOf(texts: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keysOf(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key.replace(/_(one|other)$/, '')}`],
  );
}

const sorted = (keys: string[]) => [...new Set(keys)].sort();

describe('support chat texts', () => {
  it('has every text in th, en and la', () => {
    const en = sorted(keysOf(chatLocales.en));
    expect(en.length).toBeGreaterThan(80);
    expect(sorted(keysOf(chatLocales.th))).toEqual(en);
    expect(sorted(keysOf(chatLocales.la))).toEqual(en);
  });
});
