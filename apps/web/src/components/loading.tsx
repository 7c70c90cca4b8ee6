import { useTranslation } from 'react-i18next';

/** The spinner shown while a page's (`isCard`) or a modal's content loads. */
export function Loading({ isCard = false }: { isCard?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={isCard ? 'card card--loading' : 'modal__loading'} aria-busy={isCard || undefined}>
      <span className="spinner" aria-label={t('app.loading')} />
    </div>
  );
}
