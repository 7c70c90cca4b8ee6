import type { Banner } from '@mekong/contracts/bonus';
import { useTranslation } from 'react-i18next';
import { BannerText } from '@/components/banner-carousel';
import { currentLocale } from '@/lib/i18n';
import { pickLocalized } from '@/lib/localized';
import '@/components/promo-banners.css';

/** The operator's banners of a promotion (image and optional text), side by side with a horizontal scroll. */
export function PromoBanners({ banners, label, testId }: { banners: readonly Banner[]; label: string; testId?: string }) {
  useTranslation(); // re-renders the texts when the language changes
  if (banners.length === 0) return null;
  return (
    <section className="promo-banners" aria-label={label} data-testid={testId}>
      {banners.map((banner, index) => (
        <figure key={`${banner.image}-${index}`} className="promo-banner">
          {banner.image && <img className="promo-banner__image" src={banner.image} alt="" loading="lazy" />}
          <BannerText html={pickLocalized(banner.html, currentLocale())} className="promo-banner__text" />
        </figure>
      ))}
    </section>
  );
}
