/** What of the operator's brand setting the HTML pages carry (docs/design.md#operator-settings). */
export type PageBrand = {
  name: string;
  logoUrl: string | null;
  primaryColor: string;
  accentColor: string;
};

const HEX_COLOR = /^#[0-9a-f]{3,8}$/i;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '"': '&quot;',
  "'": '&#39;',
  '<': '&lt;',
  '>': '&gt;',
};

export const escapeHtml = (text: string) => text.replace(/[&"'<>]/g, (c) => HTML_ESCAPES[c] ?? c);

/** The monogram the build prerendered with the app's own name (apps/web/src/components/brand-logo.tsx). */
const PRERENDERED_LOGO =
  /<span class="brand-logo__mark" aria-hidden="true">[^<]*<\/span><span class="brand-logo__name">[^<]*<\/span>/g;

/**
 * Writes the operator's brand into a page before it is sent: its colours, title and logo or monogram, so the first
 * paint (a prerendered page has no script yet) is already in the operator's colours instead of changing once the app
 * has read the brand (docs/decisions/0017-first-load.md). The app applies the same setting again when it loads; only
 * hexadecimal colours are written in here (anything else waits for the app, which checks it with CSS.supports).
 */
export function withBrand(html: string, brand: PageBrand): string {
  const colors = [
    HEX_COLOR.test(brand.primaryColor) ? `--brand:${brand.primaryColor}` : '',
    HEX_COLOR.test(brand.accentColor) ? `--accent:${brand.accentColor}` : '',
  ].filter(Boolean);
  const name = escapeHtml(brand.name);
  const logo = brand.logoUrl
    ? `<img class="brand-logo__image" src="${escapeHtml(brand.logoUrl)}" alt="${name}">`
    : `<span class="brand-logo__mark" aria-hidden="true">${escapeHtml(brand.name.trim().charAt(0).toUpperCase())}</span><span class="brand-logo__name">${name}</span>`;
  // Every insertion through a function: a replacement string would read `$&`, `$\`` and `$'` in the operator's text as
  // "the match" or "the page before/after it" and copy the page into itself.
  let page = html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${name}</title>`)
    .replace(PRERENDERED_LOGO, () => logo);
  if (HEX_COLOR.test(brand.primaryColor))
    page = page.replace(
      /<meta name="theme-color" content="[^"]*"/,
      () => `<meta name="theme-color" content="${brand.primaryColor}"`,
    );
  // After the page's own styles, and doubled to outrank their :root.
  if (colors.length > 0)
    page = page.replace(
      '</head>',
      () => `  <style>:root:root{${colors.join(';')}}</style>\n  </head>`,
    );
  return page;
}
