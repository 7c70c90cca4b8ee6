// The font files a page's first paint uses in each language: its script's regular and bold, and Latin for digits, the
// phone field and "EN" (the other script's name in the language switch is drawn with the phone's font:
// src/components/segmented-switch.css). Preloaded from index.html (vite.config.ts) and from each prerendered page
// (scripts/prerender.mjs); docs/decisions/0017-first-load.md.
const LATIN = ['noto-sans-thai-latin-400-normal', 'noto-sans-thai-latin-700-normal'];

export const FIRST_PAINT_FONTS = {
  th: ['noto-sans-thai-thai-400-normal', 'noto-sans-thai-thai-700-normal', ...LATIN],
  la: ['noto-sans-lao-lao-400-normal', 'noto-sans-lao-lao-700-normal', ...LATIN],
  en: LATIN,
};

/** The built file of each named face among the build's files (`assets/<name>-<hash>.woff2`). */
export function fontFiles(names, files) {
  return names.map((name) => {
    const file = files.find((f) => f.startsWith(`assets/${name}-`) && f.endsWith('.woff2'));
    if (!file) throw new Error(`font preload: no built file for ${name}`);
    return file;
  });
}
