import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const BACKOFFICE_LOCALES = ['th', 'en', 'la'] as const;
export type BackofficeLocale = (typeof BACKOFFICE_LOCALES)[number];

/** What each feature registers: its texts in every language of the back office. */
export type LocaleTexts = Record<BackofficeLocale, Record<string, unknown>>;

const LOCALE_KEY = 'mekong-backoffice-locale';

function isLocale(value: unknown): value is BackofficeLocale {
  return typeof value === 'string' && (BACKOFFICE_LOCALES as readonly string[]).includes(value);
}

function storedLocale(): BackofficeLocale {
  try {
    const value = localStorage.getItem(LOCALE_KEY);
    return isLocale(value) ? value : 'th';
  } catch {
    return 'th';
  }
}

function applyLang(locale: string) {
  document.documentElement.lang = locale === 'la' ? 'lo' : locale;
}

/** Namespaces: `common` (the shell, errors) and one per feature (src/app/i18n-resources.ts). */
export function setupI18n(
  namespaces: Record<string, LocaleTexts>,
  locale: BackofficeLocale = storedLocale(),
) {
  if (i18n.isInitialized) return i18n;
  const resources: Resource = {};
  for (const lang of BACKOFFICE_LOCALES) {
    resources[lang] = {};
    for (const [ns, texts] of Object.entries(namespaces)) resources[lang][ns] = texts[lang];
  }
  void i18n.use(initReactI18next).init({
    resources,
    lng: locale,
    fallbackLng: 'en',
    ns: Object.keys(namespaces),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    showSupportNotice: false,
  });
  i18n.on('languageChanged', applyLang);
  applyLang(locale);
  return i18n;
}

export function changeLocale(locale: BackofficeLocale): void {
  try {
    localStorage.setItem(LOCALE_KEY, locale);
  } catch {
    // Private mode: the choice lasts this page only.
  }
  void i18n.changeLanguage(locale);
}

export function currentLocale(): BackofficeLocale {
  return isLocale(i18n.language) ? i18n.language : 'th';
}
