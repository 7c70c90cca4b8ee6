import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { brandQuery } from '@/lib/lookup-queries';
import '@/components/brand-logo.css';

/** The operator's logo, or a monogram with the brand name when none is set. */
/** `isCompact` shows only the mark when there is no logo image (the member header needs room for the name). */
export function BrandLogo({ size = 'md', isCompact = false }: { size?: 'md' | 'lg'; isCompact?: boolean }) {
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
          <span className={isCompact ? 'sr-only' : 'brand-logo__name'}>{name}</span>
        </>
      )}
    </span>
  );
}
