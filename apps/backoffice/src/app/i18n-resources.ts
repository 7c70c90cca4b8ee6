import { auditLocales } from '@/features/audit/locales';
import { settingsLocales } from '@/features/settings/locales';
import type { LocaleTexts } from '@/lib/i18n';
import { commonLocales } from '@/locales/common';

/** Every namespace of the back office: `common` and one per feature (used as useTranslation('<feature>')). */
export const i18nNamespaces: Record<string, LocaleTexts> = {
  common: commonLocales,
  audit: auditLocales,
  settings: settingsLocales,
};
