import { useTranslation } from 'react-i18next';
import { BACKOFFICE_LOCALES, changeLocale, type BackofficeLocale } from '@/lib/i18n';

const NAMES: Record<BackofficeLocale, string> = { th: 'ไทย', en: 'English', la: 'ລາວ' };

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  return (
    <label className="language-switcher">
      <span className="visually-hidden">{t('language')}</span>
      <select
        value={i18n.language}
        onChange={(event) => changeLocale(event.target.value as BackofficeLocale)}
      >
        {BACKOFFICE_LOCALES.map((locale) => (
          <option key={locale} value={locale}>
            {NAMES[locale]}
          </option>
        ))}
      </select>
    </label>
  );
}
