import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { brandQuery } from '@/features/lookup/api/lookup-queries';

/** The operator's logo, or a monogram with the brand name when none is set. */
export function BrandLogo({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const { t } = useTranslation();
  const { data: brand } = useQuery(brandQuery);
  const name = brand?.name || t('app.name');
  return (
    <span className={`brand-logo brand-logo--${size}`}>
      {brand?.logoUrl ? (
        <img className="brand-logo__image" src={brand.logoUrl} alt={name} />
      ) : (
        <>
          <span className="brand-logo__mark" aria-hidden>
            {name.trim().charAt(0).toUpperCase()}
          </span>
          <span className="brand-logo__name">{name}</span>
        </>
      )}
    </span>
  );
}
