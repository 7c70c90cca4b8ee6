import type { Banner } from '@mekong/contracts/bonus';
import { SafeHtml } from '@/components/safe-html';
import '@/components/promo-banners.css';

/** The operator's banners of a promotion (image and optional text), side by side with a horizontal scroll. */
export function PromoBanners({ banners, label, testId }: { banners: readonly Banner[]; label: string; testId?: string }) {
  if (banners.length === 0) return null;
  return (
    <section className="promo-banners" aria-label={label} data-testid={testId}>
      {banners.map((banner, index) => (
        <figure key={`${banner.image}-${index}`} className="promo-banner">
          {banner.image && <img className="promo-banner__image" src={banner.image} alt="" loading="lazy" />}
          {banner.html && <SafeHtml html={banner.html} className="rich-text promo-banner__text" />}
        </figure>
      ))}
    </section>
  );
}
