import { LOCALES, type Locale } from '@mekong/contracts/constants';
import { useTranslation } from 'react-i18next';
import { SegmentedSwitch } from '@/components/segmented-switch';
import { changeLocale, currentLocale, htmlLang } from '@/lib/i18n';

const fullName: Record<Locale, string> = { th: 'language.thName', la: 'language.laName', en: 'language.enName' };

/** th · ລາວ · EN, each label in its own script so a member can always find their language. */
export function LanguageSwitcher({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { t, i18n } = useTranslation();
  const active = i18n.language ? currentLocale() : 'th';
  return (
    <SegmentedSwitch
      options={LOCALES.map((locale) => ({
        value: locale,
        label: t(`language.${locale}`),
        lang: htmlLang(locale),
        title: t(fullName[locale]),
      }))}
      active={active}
      label={t('language.label')}
      tone={tone}
      testIdPrefix="lang"
      onSelect={changeLocale}
    />
  );
}
