import { auditLocales } from '@/features/audit/locales';
import { chatLocales } from '@/features/chat/locales';
import { membersLocales } from '@/features/members/locales';
import { moneyOutLocales } from '@/features/money-out/locales';
import { promotionsLocales } from '@/features/promotions/locales';
import { operatorsLocales } from '@/features/operators/locales';
import { reportsLocales } from '@/features/reports/locales';
import { moneyInLocales } from '@/features/money-in/locales';
import { settingsLocales } from '@/features/settings/locales';
import type { LocaleTexts } from '@/lib/i18n';
import { commonLocales } from '@/locales/common';

/** Every namespace of the back office: `common` and one per feature (used as useTranslation('<feature>')). */
export const i18nNamespaces: Record<string, LocaleTexts> = {
  common: commonLocales,
  audit: auditLocales,
  chat: chatLocales,
  members: membersLocales,
  moneyOut: moneyOutLocales,
  promotions: promotionsLocales,
  operators: operatorsLocales,
  reports: reportsLocales,
  moneyIn: moneyInLocales,
  settings: settingsLocales,
};
