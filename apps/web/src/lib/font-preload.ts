import type { Locale } from '@mekong/contracts/constants';
import laoBold from '@fontsource/noto-sans-lao/files/noto-sans-lao-lao-700-normal.woff2?url';
import laoRegular from '@fontsource/noto-sans-lao/files/noto-sans-lao-lao-400-normal.woff2?url';
import latinBold from '@fontsource/noto-sans-thai/files/noto-sans-thai-latin-700-normal.woff2?url';
import latinRegular from '@fontsource/noto-sans-thai/files/noto-sans-thai-latin-400-normal.woff2?url';
import thaiBold from '@fontsource/noto-sans-thai/files/noto-sans-thai-thai-700-normal.woff2?url';
import thaiRegular from '@fontsource/noto-sans-thai/files/noto-sans-thai-thai-400-normal.woff2?url';

/** The faces a page's first paint uses in each language: regular and bold of its script, and Latin for digits. */
const FIRST_PAINT_FACES: Record<Locale, readonly string[]> = {
  th: [thaiRegular, thaiBold, latinRegular, latinBold],
  la: [laoRegular, laoBold, latinRegular, latinBold],
  en: [latinRegular, latinBold],
};

/**
 * Starts downloading the language's font files at once, while its strings load, rather than when the first text is
 * laid out; the text then appears in its own font with no swap that moves the page (docs/decisions/0017-first-load.md).
 * index.html already preloads the build's default language's.
 */
export function preloadFonts(locale: Locale): void {
  const present = new Set(
    Array.from(
      document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="font"]'),
      (link) => link.getAttribute('href'),
    ),
  );
  for (const href of FIRST_PAINT_FACES[locale]) {
    if (present.has(href)) continue;
    const link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'font');
    link.type = 'font/woff2';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}
