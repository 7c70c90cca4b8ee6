import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '@/components/brand-logo';
import '@/features/system/components/standalone.css';

/** Spec §2 and §8: the 404 page reads "Page Not Found" in every language; the line below it is translated. */
const NOT_FOUND_TITLE = 'Page Not Found';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main id="main" className="standalone" data-testid="not-found-page">
      <BrandLogo size="lg" />
      <div className="standalone__card card">
        <p className="standalone__code" aria-hidden>
          404
        </p>
        <h1 className="standalone__title" lang="en">
          {NOT_FOUND_TITLE}
        </h1>
        <p className="muted" data-testid="not-found-line">
          {t('notFound.body')}
        </p>
        <Link to="/" className="btn btn--primary btn--block">
          <span className="btn__label">{t('notFound.back')}</span>
        </Link>
      </div>
    </main>
  );
}
