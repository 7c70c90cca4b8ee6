import { LOCALES, type Locale } from '@mekong/contracts/constants';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE } from '@/lib/config';
import { readStorage, writeStorage } from '@/lib/storage';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import en from '@/locales/en.json';
import la from '@/locales/la.json';
import th from '@/locales/th.json';

export const resources = { th: { translation: th }, la: { translation: la }, en: { translation: en } } as const;

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

function applyLocale(locale: string) {
  if (!isLocale(locale)) return;
  document.documentElement.lang = htmlLang(locale);
}

export function setupI18n(locale: Locale = initialLocale()) {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources,
      lng: locale,
      fallbackLng: false,
      supportedLngs: [...LOCALES],
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
      showSupportNotice: false,
    });
    i18n.on('languageChanged', applyLocale);
  }
  applyLocale(i18n.language);
  return i18n;
}

export function changeLocale(locale: Locale): void {
  writeStorage(STORAGE_KEYS.locale, locale);
  void i18n.changeLanguage(locale);
}

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}
