// Writes dist/login.html and dist/register.html: index.html with the page already rendered in the build's default
// language and its styles inlined, so the first paint does not wait for the scripts, and the same in the other
// languages (login.la.html...), sent to a browser whose `lang` cookie names them (docs/decisions/0017-first-load.md).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, createServer } from 'vite';
import { FIRST_PAINT_FONTS, fontFiles } from './first-paint-fonts.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = `${root}dist`;
const defaultLocale = process.env.VITE_COUNTRY === 'LA' ? 'la' : 'th';
const LOCALES = ['th', 'la', 'en'];
/** Lao is `la` in the app, `lo` in HTML (src/lib/i18n.ts). */
const htmlLang = (locale) => (locale === 'la' ? 'lo' : locale);
const PAGES = {
  '/login': 'src/features/auth/components/login-page.tsx',
  '/register': 'src/features/register/components/register-page.tsx',
};

/**
 * The home page's dialogs, whose code loads when one first opens (src/components/lazy-modal.tsx). Their styles are in
 * the page; their scripts are not among what the page names to become interactive: they are fetched (prefetch, into
 * the cache) once the app has taken the page over, so a first tap rarely waits (docs/decisions/0017-first-load.md).
 */
const LOADED_ON_OPEN = [
  'src/app/shell/action-drawer.tsx',
  'src/features/deposit/components/deposit-modal.tsx',
  'src/features/wallet/components/transfer-modal.tsx',
  'src/features/wallet/components/withdraw-modal.tsx',
  'src/features/wallet/components/slot-account-modal.tsx',
  'src/features/wallet/components/play-sheet.tsx',
];

/**
 * Pages that cannot be drawn before the scripts (a member's own data) but whose chunks are known: index.html with
 * those chunks and styles preloaded, so they download beside the start-up scripts instead of after them.
 */
const PRELOADED = {
  '/user/home': ['src/app/shell/member-layout.tsx', 'src/app/home-page.tsx', ...LOADED_ON_OPEN],
};

/** Pages the server draws for a signed-in member into a template (the sources whose styles and chunks it needs). */
const MEMBER_PAGES = PRELOADED;
/** Where the server draws the member's page (apps/server/src/plugins/member-home-page.ts HOME_CONTENT_MARK). */
const MEMBER_CONTENT_MARK = '<!--member-home-->';

const ENTRY_STYLESHEET = /<link rel="stylesheet" crossorigin href="[^"]+\.css">\s*/;
const FONT_PRELOAD = /<link rel="preload" href="[^"]+" as="font"[^>]*>\s*/g;
const MANIFEST = /<link rel="manifest" href="([^"]+)">/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*? href="([^"]+)">\s*/g;
const manifest = JSON.parse(readFileSync(`${dist}/.vite/manifest.json`, 'utf8'));
/**
 * A page module whose chunk Rollup merged with modules its own lazy parts import again (the registration's later
 * steps) is listed under the chunk's name, not its source.
 */
function mergedEntryOf(source) {
  const name = source
    .split('/')
    .pop()
    .replace(/\.tsx?$/, '');
  return Object.values(manifest).find((entry) => entry.isDynamicEntry && entry.name === name);
}
/** The built styles and scripts of a source module and its static imports (the page's chunk and what it needs). */
function assetsOf(source, seen = new Set()) {
  const entry = manifest[source] ?? mergedEntryOf(source);
  if (!entry || seen.has(source)) return { css: [], js: [] };
  seen.add(source);
  const css = [...(entry.css ?? [])];
  const js = [entry.file];
  for (const imported of entry.imports ?? []) {
    const more = assetsOf(imported, seen);
    css.push(...more.css);
    js.push(...more.js);
  }
  return { css, js };
}

/** The chunks only LOADED_ON_OPEN needs: prefetched after the takeover rather than preloaded (see above). */
const isLoadedOnOpen = (() => {
  const page = new Set(
    [
      'index.html',
      ...PRELOADED['/user/home'].filter((source) => !LOADED_ON_OPEN.includes(source)),
    ].flatMap((source) => assetsOf(source).js),
  );
  const later = new Set(
    LOADED_ON_OPEN.flatMap((source) => assetsOf(source).js).filter((file) => !page.has(file)),
  );
  return (href) => later.has(href.replace(/^\//, ''));
})();

const server = await createServer({
  root,
  configFile: `${root}vite.config.ts`,
  server: { middlewareMode: true, hmr: false },
  appType: 'custom',
  logLevel: 'error',
});
try {
  const { render } = await server.ssrLoadModule('/src/prerender.tsx');
  const built = readFileSync(`${dist}/index.html`, 'utf8');
  const entry = assetsOf('index.html');
  const entryJs = new Set(entry.js);
  const assetFiles = readdirSync(`${dist}/assets`).map((f) => `assets/${f}`);
  const localeChunk = (locale) => manifest[`src/locales/${locale}.json`]?.file;
  // index.html as the build wrote it for its default language, made a language's: its html lang, its strings' chunk
  // and its fonts.
  const indexFor = (locale) => {
    const fonts = fontFiles(FIRST_PAINT_FONTS[locale], assetFiles)
      .map((f) => `<link rel="preload" href="/${f}" as="font" type="font/woff2" crossorigin="">`)
      .join('\n    ');
    const index = built
      .replace(`<html lang="${htmlLang(defaultLocale)}">`, `<html lang="${htmlLang(locale)}">`)
      .replace(`/${localeChunk(defaultLocale)}`, `/${localeChunk(locale)}`)
      .replace(FONT_PRELOAD, '')
      .replace('</head>', `  ${fonts}\n  </head>`);
    if (!index.includes(`<html lang="${htmlLang(locale)}">`) || !localeChunk(locale))
      throw new Error(`prerender: index.html not made ${locale}`);
    return index;
  };
  /** `login.html` in the build's default language, `login.la.html` in another. */
  const fileOf = (url, locale) =>
    `${dist}${url}${locale === defaultLocale ? '' : `.${locale}`}.html`;
  /**
   * A page as the browser gets it before any script: `body` inside #root, the styles of the entry and of `sources`
   * in the page, and every script requested only after the first paint; those `isLater` names (the dialogs) only once
   * the app has taken the page over.
   */
  const pageOf = (url, locale, body, sources, isLater = () => false) => {
    const index = indexFor(locale);
    const assets = sources.map((source) => assetsOf(source));
    if (assets.some((a) => a.js.length === 0)) throw new Error(`prerender: no chunk for ${url}`);
    const css = assets.flatMap((a) => a.css);
    const js = assets.flatMap((a) => a.js);
    // The page's styles are in the page itself: on a slow line each stylesheet is a request the first paint waits for
    // (a new connection's round trips included).
    const styles = [...new Set([...entry.css, ...css])]
      .map((f) => readFileSync(`${dist}/${f}`, 'utf8'))
      .join('\n');
    // Each stylesheet named too, disabled (never fetched): the app's chunk loader skips a stylesheet the page already
    // links, so the browser does not fetch the same rules again and restyle the whole page as each arrives. The
    // entry's own among them: a chunk that imports a module of the entry chunk lists the entry's stylesheet.
    const inlined = [...new Set([...entry.css, ...css])]
      .map((f) => `<link rel="stylesheet" href="/${f}" disabled>`)
      .join('\n    ');
    const links = [...new Set(js)]
      .filter((f) => !entryJs.has(f))
      .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
      .join('\n    ');
    // The page is on screen without the scripts: they download after its first paint, which on a slow link would
    // otherwise share the bandwidth the first paint waits for (its styles and fonts).
    const html = index
      // Its entry script is fetched and run after the first frame (public/start-after-paint.js).
      .replace(
        /<script type="module" crossorigin src="([^"]+)"><\/script>/,
        '<script defer src="/start-after-paint.js" data-entry="$1"></script>',
      )
      .replace(ENTRY_STYLESHEET, '')
      .replace('</head>', `  <style>${styles}</style>\n    ${inlined}\n    ${links}\n  </head>`)
      // Sent by the browser itself only if the member is faster than start-after-paint.js: then never in the address.
      .replace(
        '<div id="root"></div>',
        () => `<div id="root">${body.replaceAll('<form ', '<form method="post" ')}</div>`,
      );
    if (
      !html.includes('start-after-paint.js') ||
      !html.includes(`<div id="root"><`) ||
      ENTRY_STYLESHEET.test(html)
    )
      throw new Error(`prerender: ${url} not written`);
    // No script is even requested before the first paint: start-after-paint.js asks for all of them at once after it,
    // so the first paint has the link to itself for the styles and fonts it needs.
    const named = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
    const preloads = named.filter((href) => !isLater(href));
    const prefetches = named.filter(isLater);
    // The manifest too (the browser fetches it and its icon at once): it is for installing, not for the first paint.
    const manifest = html.match(MANIFEST)?.[1];
    if (!manifest) throw new Error(`prerender: ${url} has no manifest link`);
    return html
      .replace(MODULE_PRELOAD, '')
      .replace(MANIFEST, '')
      .replace(
        '<script defer src="/start-after-paint.js"',
        `<script defer src="/start-after-paint.js" data-manifest="${manifest}" data-preload="${preloads.join(' ')}"${
          prefetches.length > 0 ? ` data-prefetch="${prefetches.join(' ')}"` : ''
        }`,
      );
  };
  for (const locale of LOCALES) {
    const strings = JSON.parse(readFileSync(`${root}src/locales/${locale}.json`, 'utf8'));
    for (const [url, source] of Object.entries(PAGES)) {
      const body = await render(url, locale, { [locale]: { translation: strings } });
      const page = pageOf(url, locale, body, [source]);
      writeFileSync(fileOf(url, locale), page);
      console.log(`prerendered ${url} in ${locale} (${page.length} bytes)`);
    }
    // The signed-in member's home page, drawn by the server into this template with the member's data
    // (docs/decisions/0021-member-home-page.md; the server's plugins/member-home-page.ts).
    for (const [url, sources] of Object.entries(MEMBER_PAGES)) {
      const page = pageOf(url, locale, MEMBER_CONTENT_MARK, sources, isLoadedOnOpen);
      const file = fileOf(`${url}.member`, locale);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, page);
      console.log(`wrote the template of ${url} in ${locale} (${page.length} bytes)`);
    }
  }
  for (const [url, sources] of Object.entries(PRELOADED)) {
    const assets = sources.map((source) => assetsOf(source));
    if (assets.some((a) => a.js.length === 0)) throw new Error(`prerender: no chunk for ${url}`);
    const links = [
      ...[...new Set(assets.flatMap((a) => a.css))]
        .filter((f) => !entry.css.includes(f))
        // Fetched now, applied when the chunk that needs it loads: a stylesheet link would hold the first paint.
        .map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
      ...[...new Set(assets.flatMap((a) => a.js))]
        .filter((f) => !entryJs.has(f))
        .map((f) =>
          isLoadedOnOpen(f)
            ? `<link rel="prefetch" as="script" crossorigin href="/${f}">`
            : `<link rel="modulepreload" crossorigin href="/${f}">`,
        ),
    ].join('\n    ');
    for (const locale of LOCALES) {
      const page = indexFor(locale).replace('</head>', `  ${links}\n  </head>`);
      const file = fileOf(url, locale);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, page);
      console.log(`linked the chunks of ${url} in ${locale} (${links.split('\n').length} files)`);
    }
  }
} finally {
  await server.close();
}

// The server build of src/prerender.tsx (its renderHome): the server draws a signed-in member's home page with it, at
// each request, into the template above (docs/decisions/0021-member-home-page.md). Beside dist, not in it: it is the
// server's, not a file to serve.
// A production build: the dev server above set NODE_ENV to development for this process, and Vite would then emit
// React's development JSX calls, which React's production build (the server's, with NODE_ENV=production) lacks.
process.env.NODE_ENV = 'production';
await build({
  root,
  configFile: false,
  publicDir: false,
  logLevel: 'warn',
  plugins: [react()],
  resolve: { alias: { '@': `${root}src` } },
  // The contracts are TypeScript sources in the workspace: built in, not imported at run time.
  ssr: { noExternal: ['@mekong/contracts'] },
  build: {
    ssr: 'src/prerender.tsx',
    outDir: `${root}dist-ssr`,
    emptyOutDir: true,
    target: 'node20',
    rollupOptions: { output: { entryFileNames: 'prerender.js' } },
  },
});
if (readFileSync(`${root}dist-ssr/prerender.js`, 'utf8').includes('jsx-dev-runtime'))
  throw new Error('prerender: the server renderer was built for development');
console.log('built the server renderer (dist-ssr/prerender.js)');
