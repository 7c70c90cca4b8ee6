import { LOCALES, type Locale } from '@mekong/contracts/constants';
import i18n, { type Resource } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE } from '@/lib/config';
import { readStorage, writeStorage } from '@/lib/storage';
import { STORAGE_KEYS } from '@/lib/storage-keys';

/**
 * Each language's strings are a chunk of their own, loaded when the language is first used: a member downloads one
 * language, not three (docs/decisions/0017-first-load.md). Relative, as Vite splits only relative dynamic imports.
 */
const localeBackend = resourcesToBackend(
  (language: string) => import(`../locales/${language}.json`),
);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Lao is kept as `la` (spec) but its ISO 639-1 code is `lo` (docs/design.md#outside-parties). */
export function htmlLang(locale: Locale): string {
  return locale === 'la' ? 'lo' : locale;
}

export function initialLocale(): Locale {
  const stored = readStorage(STORAGE_KEYS.locale);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

/** The cookie that tells the server which language's prerendered pages to send (docs/decisions/0017-first-load.md). */
const LANGUAGE_COOKIE = 'lang';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

function applyLocale(locale: string) {
  // No document when the build prerenders a page (src/prerender.tsx).
  if (!isLocale(locale) || typeof document === 'undefined') return;
  document.documentElement.lang = htmlLang(locale);
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
}

/**
 * Starts i18next in `locale`. Resolves once that language's strings are loaded, so the app renders no key before its
 * text. `bundled` gives every language up front instead (the unit tests).
 */
export async function setupI18n(
  locale: Locale = initialLocale(),
  bundled?: Resource,
): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    i18n.use(initReactI18next);
    if (!bundled) i18n.use(localeBackend);
    i18n.on('languageChanged', applyLocale);
    await i18n.init({
      ...(bundled ? { resources: bundled } : {}),
      lng: locale,
      fallbackLng: false,
      supportedLngs: [...LOCALES],
      // One language at a time: i18next would otherwise also load the `th` of `th-TH` and the like.
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: !bundled,
      showSupportNotice: false,
    });
  }
  applyLocale(i18n.language);
  return i18n;
}

/** Switches language; the page keeps the old texts until the new language's strings have loaded. */
export function changeLocale(locale: Locale): void {
  writeStorage(STORAGE_KEYS.locale, locale);
  void i18n.changeLanguage(locale);
}

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}
