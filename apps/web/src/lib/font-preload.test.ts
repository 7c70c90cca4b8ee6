import { afterEach, describe, expect, it } from 'vitest';
import { preloadFonts } from '@/lib/font-preload';

const preloaded = () =>
  Array.from(
    document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="font"]'),
    (link) => link.getAttribute('href') ?? '',
  );

describe('preloadFonts (docs/decisions/0017-first-load.md)', () => {
  afterEach(() => {
    for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
  });

  it('preloads the Lao faces for Lao and the Thai ones for Thai, as cross-origin woff2 fonts', () => {
    preloadFonts('la');
    const lao = preloaded();
    expect(lao.some((href) => href.includes('noto-sans-lao-lao-400-normal'))).toBe(true);
    expect(lao.some((href) => href.includes('noto-sans-thai-thai-'))).toBe(false);
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="font"]');
    expect(link?.type).toBe('font/woff2');
    expect(link?.crossOrigin).toBe('');

    preloadFonts('th');
    expect(preloaded().some((href) => href.includes('noto-sans-thai-thai-400-normal'))).toBe(true);
  });

  it('adds no second link for a file index.html or an earlier call already preloads', () => {
    preloadFonts('en');
    const count = preloaded().length;
    preloadFonts('en');
    expect(preloaded()).toHaveLength(count);
    expect(count).toBeGreaterThan(0);
  });
});
