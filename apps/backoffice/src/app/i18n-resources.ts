import type { BackofficeLocale, LocaleTexts } from '@/lib/i18n';
import en from '@/locales/en.json';
import la from '@/locales/la.json';
import th from '@/locales/th.json';

type Namespace = keyof typeof en;

const files: Record<BackofficeLocale, Record<Namespace, Record<string, unknown>>> = { th, en, la };

/**
 * Every namespace of the back office: `common` (the shell, errors) and one per feature, used as
 * useTranslation('<feature>'). The texts live in one JSON file per language, as in apps/web.
 */
export const i18nNamespaces: Record<string, LocaleTexts> = Object.fromEntries(
  (Object.keys(en) as Namespace[]).map((ns) => [
    ns,
    { th: files.th[ns], en: files.en[ns], la: files.la[ns] },
  ]),
);
