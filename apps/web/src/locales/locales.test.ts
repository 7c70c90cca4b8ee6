import { LOCALES } from '@mekong/contracts/constants';
import { messageCodes } from '@mekong/contracts/messages';
import { describe, expect, it } from 'vitest';
import en from '@/locales/en.json';
import la from '@/locales/la.json';
import th from '@/locales/th.json';

type Tree = { [key: string]: string | Tree };
const files: Record<(typeof LOCALES)[number], Tree> = { th, la, en };

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

function valueAt(tree: Tree, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Tree)[key] : undefined), tree);
}

const allKeys = [...new Set(LOCALES.flatMap((locale) => keysOf(files[locale])))].sort();

describe('locale files', () => {
  it.each(LOCALES)('%s has a translation for every catalogue code', (locale) => {
    const missing = messageCodes.filter((code) => {
      const text = valueAt(files[locale], `errors.${code}`);
      return typeof text !== 'string' || text.trim() === '';
    });
    expect(missing).toEqual([]);
  });

  it.each(LOCALES)('%s has every key that any locale has, none empty', (locale) => {
    const missing = allKeys.filter((key) => {
      const text = valueAt(files[locale], key);
      return typeof text !== 'string' || text.trim() === '';
    });
    expect(missing).toEqual([]);
  });

  it('uses the same interpolation placeholders in every language', () => {
    const placeholders = (text: unknown) => String(text).match(/\{\{\w+\}\}/g)?.sort().join(',') ?? '';
    const mismatched = allKeys.filter((key) => new Set(LOCALES.map((locale) => placeholders(valueAt(files[locale], key)))).size > 1);
    expect(mismatched).toEqual([]);
  });

  it('writes Thai and Lao in their own scripts, not English placeholders', () => {
    const thai = /[\u0E00-\u0E7F]/;
    const lao = /[\u0E80-\u0EFF]/;
    const untranslated = (locale: 'th' | 'la', script: RegExp) =>
      keysOf(files[locale]).filter((key) => {
        const text = String(valueAt(files[locale], key));
        return !script.test(text) && text === String(valueAt(en, key));
      });
    // Words that are the same in every language (brand names, "LINE", language names) are allowed.
    const allowed = new Set(['app.name', 'contact.line', 'contact.lineId', 'language.en', 'language.enName', 'language.th', 'language.thName', 'language.la', 'language.laName']);
    expect(untranslated('th', thai).filter((key) => !allowed.has(key))).toEqual([]);
    expect(untranslated('la', lao).filter((key) => !allowed.has(key))).toEqual([]);
  });
});
