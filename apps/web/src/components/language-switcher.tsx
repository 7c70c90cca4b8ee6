import { LOCALES, type Locale } from '@mekong/contracts/constants';
import { useTranslation } from 'react-i18next';
import { changeLocale, currentLocale, htmlLang } from '@/lib/i18n';
import '@/components/language-switcher.css';

const fullName: Record<Locale, string> = { th: 'language.thName', la: 'language.laName', en: 'language.enName' };

/** th · ລາວ · EN, each label in its own script so a member can always find their language. */
export function LanguageSwitcher({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { t, i18n } = useTranslation();
  const active = i18n.language ? currentLocale() : 'th';
  return (
    <div className={`lang-switch lang-switch--${tone}`} role="group" aria-label={t('language.label')}>
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={htmlLang(locale)}
          className="lang-switch__option"
          aria-pressed={active === locale}
          title={t(fullName[locale])}
          data-testid={`lang-${locale}`}
          onClick={() => changeLocale(locale)}
        >
          {t(`language.${locale}`)}
        </button>
      ))}
    </div>
  );
}
