import { describe, expect, it } from 'vitest';
import { BACKOFFICE_LOCALES } from '@/lib/i18n';
import en from '@/locales/en.json';
import la from '@/locales/la.json';
import th from '@/locales/th.json';

type Tree = { [key: string]: string | Tree };
const files: Record<(typeof BACKOFFICE_LOCALES)[number], Tree> = { th, la, en };

/** Every text key of a file, English plural forms (`_one`, `_other`) counted as their key: Thai and Lao have one form. */
function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [`${prefix}${key.replace(/_(one|other)$/, '')}`]
      : keysOf(value, `${prefix}${key}.`),
  );
}

/** The texts of a key, every plural form of it included. */
function textsAt(tree: Tree, path: string): unknown[] {
  const parts = path.split('.');
  const last = parts.pop() ?? '';
  const parent = parts.reduce<unknown>(
    (node, key) => (node && typeof node === 'object' ? (node as Tree)[key] : undefined),
    tree,
  );
  if (!parent || typeof parent !== 'object') return [undefined];
  const node = parent as Tree;
  const forms = [last, `${last}_one`, `${last}_other`].filter((key) => key in node);
  return forms.length > 0 ? forms.map((key) => node[key]) : [undefined];
}

const allKeys = [...new Set(BACKOFFICE_LOCALES.flatMap((locale) => keysOf(files[locale])))].sort();

describe('back-office locale files', () => {
  it('has the same namespaces in every language', () => {
    expect(Object.keys(th).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(la).sort()).toEqual(Object.keys(en).sort());
    expect(allKeys.length).toBeGreaterThan(500);
  });

  it.each(BACKOFFICE_LOCALES)('%s has every key that any language has, none empty', (locale) => {
    const missing = allKeys.filter((key) =>
      textsAt(files[locale], key).some((text) => typeof text !== 'string' || text.trim() === ''),
    );
    expect(missing).toEqual([]);
  });

  it('gives Lao a `_one` form beside every `_other`: i18next reads `la` with the plural rules of Latin', () => {
    const lacking: string[] = [];
    const walk = (tree: Tree, prefix: string) => {
      for (const [key, value] of Object.entries(tree)) {
        if (typeof value !== 'string') walk(value, `${prefix}${key}.`);
        else if (key.endsWith('_other') && !(`${key.slice(0, -6)}_one` in tree))
          lacking.push(`${prefix}${key}`);
      }
    };
    walk(la, '');
    expect(lacking).toEqual([]);
  });

  it('uses the same interpolation placeholders in every language', () => {
    const placeholders = (locale: (typeof BACKOFFICE_LOCALES)[number], key: string) =>
      [
        ...new Set(
          textsAt(files[locale], key).flatMap((text) => String(text).match(/\{\{\w+\}\}/g) ?? []),
        ),
      ]
        .sort()
        .join(',');
    const mismatched = allKeys.filter(
      (key) => new Set(BACKOFFICE_LOCALES.map((locale) => placeholders(locale, key))).size > 1,
    );
    expect(mismatched).toEqual([]);
  });
});
