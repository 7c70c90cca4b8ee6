import type { LocaleTexts } from '@/lib/i18n';
import { enTexts } from '@/features/settings/texts/en';
import { laTexts } from '@/features/settings/texts/la';
import { thTexts } from '@/features/settings/texts/th';

export const settingsLocales: LocaleTexts = { en: enTexts, th: thTexts, la: laTexts };
