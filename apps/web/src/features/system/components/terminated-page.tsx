import { PowerOff } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '@/components/brand-logo';
import { LanguageSwitcher } from '@/components/language-switcher';
import { TerminatedContact } from '@/features/system/components/terminated-contact';
import { setTerminatedStyling } from '@/lib/terminated-styling';
import '@/features/system/components/standalone.css';

export function TerminatedPage() {
  const { t } = useTranslation();
  useEffect(() => setTerminatedStyling(true), []);
  return (
    <main id="main" className="standalone standalone--terminated" data-testid="terminated-page">
      <BrandLogo size="lg" />
      <div className="standalone__card card">
        <span className="standalone__icon" aria-hidden>
          <PowerOff size={32} />
        </span>
        <h1 className="standalone__title">{t('terminated.title')}</h1>
        <p className="muted">{t('terminated.body')}</p>
      </div>
      <TerminatedContact />
      <LanguageSwitcher tone="dark" />
    </main>
  );
}
