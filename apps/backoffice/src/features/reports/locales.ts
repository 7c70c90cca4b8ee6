import type { LocaleTexts } from '@/lib/i18n';
import { reportsEn } from '@/features/reports/locales-en';
import { reportsLa } from '@/features/reports/locales-la';
import { reportsTh } from '@/features/reports/locales-th';

/** Texts of the reports and reconciliation screens (namespace `reports`), one file per language. */
export const reportsLocales: LocaleTexts = { en: reportsEn, th: reportsTh, la: reportsLa };
