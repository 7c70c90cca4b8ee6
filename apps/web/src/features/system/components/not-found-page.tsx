import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '@/components/brand-logo';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main id="main" className="standalone" data-testid="not-found-page">
      <BrandLogo size="lg" />
      <div className="standalone__card card">
        <p className="standalone__code" aria-hidden>
          404
        </p>
        <h1 className="standalone__title">{t('notFound.title')}</h1>
        <p className="muted">{t('notFound.body')}</p>
        <Link to="/" className="btn btn--primary btn--block">
          <span className="btn__label">{t('notFound.back')}</span>
        </Link>
      </div>
    </main>
  );
}
