import { auditLocales } from '@/features/audit/locales';
import { membersLocales } from '@/features/members/locales';
import { operatorsLocales } from '@/features/operators/locales';
import { moneyInLocales } from '@/features/money-in/locales';
import type { LocaleTexts } from '@/lib/i18n';
import { commonLocales } from '@/locales/common';

/** Every namespace of the back office: `common` and one per feature (used as useTranslation('<feature>')). */
export const i18nNamespaces: Record<string, LocaleTexts> = {
  common: commonLocales,
  audit: auditLocales,
  members: membersLocales,
  operators: operatorsLocales,
  moneyIn: moneyInLocales,
};
