import type { Banner } from '@mekong/contracts/bonus';
import { ChevronLeft, ChevronRight, ImageOff } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '@/components/button';
import { Modal } from '@/components/modal';
import { SafeHtml } from '@/components/safe-html';
import { currentLocale } from '@/lib/i18n';
import { pickLocalized } from '@/lib/localized';
import '@/components/banner-carousel.css';

/** An operator's banner (docs/spec.md §3: image, html): a picture and, below it, its sanitized text in each language. */
export type CarouselBanner = Banner;

type BannerCarouselProps = {
  banners: readonly CarouselBanner[];
  /** Names the pictures for screen readers (the bonus's or the page's name). */
  label: string;
  /** Shown when there is no banner at all. */
  emptyText: string;
  testId?: string;
};

/**
 * The banner carousel of docs/spec.md §2 (bonus, invite and refund banners): a horizontal scroll-snap track like the
 * wallet card's, swiped or moved with previous/next and the dots, each 44×44.
 */
export function BannerCarousel({ banners, label, emptyText, testId = 'banner-carousel' }: BannerCarouselProps) {
  const { t } = useTranslation();
  const trackRef = useRef<HTMLDivElement>(null);
  const [slide, setSlide] = useState(0);
  const count = banners.length;

  if (count === 0) {
    return (
      <div className="banner-carousel banner-carousel--empty" data-testid={testId}>
        <ImageOff size={28} aria-hidden />
        <span>{emptyText}</span>
      </div>
    );
  }

  const onScroll = () => {
    const track = trackRef.current;
    if (!track || track.clientWidth === 0) return;
    setSlide(Math.round(track.scrollLeft / track.clientWidth));
  };
  const goTo = (index: number) => {
    const next = Math.min(Math.max(index, 0), count - 1);
    const track = trackRef.current;
    track?.scrollTo?.({ left: next * track.clientWidth, behavior: 'smooth' });
    setSlide(next);
  };

  return (
    <div className="banner-carousel" data-testid={testId} role="group" aria-roledescription="carousel" aria-label={label}>
      <div className="banner-carousel__viewport">
        <div className="banner-carousel__track" ref={trackRef} onScroll={onScroll}>
          {banners.map((banner, index) => (
            <div
              className="banner-carousel__slide"
              key={`${banner.image}-${index}`}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} / ${count}`}
              aria-hidden={index !== slide || undefined}
              data-testid={`${testId}-slide`}
            >
              <BannerImage src={banner.image} alt={`${label} ${index + 1} / ${count}`} />
              <BannerText html={pickLocalized(banner.html, currentLocale())} className="banner-carousel__text" />
            </div>
          ))}
        </div>
        {count > 1 && (
          <>
            <IconButton tone="soft" className="banner-carousel__arrow banner-carousel__arrow--prev" label={t('common.back')} onClick={() => goTo(slide - 1)} disabled={slide === 0}>
              <ChevronLeft size={22} aria-hidden />
            </IconButton>
            <IconButton
              tone="soft"
              className="banner-carousel__arrow banner-carousel__arrow--next"
              label={t('common.next')}
              onClick={() => goTo(slide + 1)}
              disabled={slide === count - 1}
              data-testid={`${testId}-next`}
            >
              <ChevronRight size={22} aria-hidden />
            </IconButton>
          </>
        )}
      </div>
      {count > 1 && (
        <div className="banner-carousel__dots">
          {banners.map((banner, index) => (
            <button
              key={`${banner.image}-${index}`}
              type="button"
              className={`banner-carousel__dot${slide === index ? ' is-current' : ''}`}
              aria-label={`${index + 1} / ${count}`}
              aria-current={slide === index || undefined}
              onClick={() => goTo(index)}
            />
          ))}
        </div>
      )}
    </div>
  );
}

/** A banner picture; a broken or missing address shows a calm placeholder rather than the browser's broken icon. */
export function BannerImage({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const classes = `banner-image${className ? ` ${className}` : ''}`;
  if (!src || failedSrc === src) {
    return (
      <div className={`${classes} banner-image--none`} role="img" aria-label={alt}>
        <ImageOff size={28} aria-hidden />
      </div>
    );
  }
  return <img className={classes} src={src} alt={alt} loading="lazy" decoding="async" onError={() => setFailedSrc(src)} />;
}

type BannerCarouselModalProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: ReactNode;
  banners: readonly CarouselBanner[];
  /** Names the pictures for screen readers. */
  label: string;
  emptyText: string;
  /** Below the carousel (a notice, terms). */
  children?: ReactNode;
  footer?: ReactNode;
  testId?: string;
};

/** The carousel banner modal of docs/spec.md §2: a bottom sheet with the banners, then what the caller adds. */
export function BannerCarouselModal({ isOpen, onOpenChange, title, banners, label, emptyText, children, footer, testId }: BannerCarouselModalProps) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={title} variant="sheet" footer={footer} testId={testId}>
      <div className="banner-carousel-modal">
        <BannerCarousel banners={banners} label={label} emptyText={emptyText} testId={testId ? `${testId}-carousel` : undefined} />
        {children}
      </div>
    </Modal>
  );
}

/** A banner's text in the member's language, when the operator wrote one. */
export function BannerText({ html, className }: { html: string; className: string }) {
  if (html.trim() === '') return null;
  return <SafeHtml html={html} className={`rich-text ${className}`} />;
}
