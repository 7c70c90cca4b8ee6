// Start-up budgets of the member web app (issue 13, docs/decisions/0017-first-load.md), checked by `npm run size`
// (CI, after the build), measured gzipped on the files apps/web/dist/index.html makes the browser load before any
// page's own chunk: its entry script and the chunks it preloads as the entry's static imports; its style sheets; and
// the default language's strings, which it also preloads (src/lib/i18n.ts imports them; the first render waits).
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const dist = 'apps/web/dist';
const indexFile = `${dist}/index.html`;
if (!existsSync(indexFile))
  throw new Error(`${indexFile} is missing: run \`npm run build\` before \`npm run size\``);
const html = readFileSync(indexFile, 'utf8');

/** The local files of the tags matching `pattern` (its first group is the address). */
const filesOf = (pattern) => [...html.matchAll(pattern)].map((match) => `${dist}${match[1]}`);
/** A language's strings: src/locales/<locale>.json, built as <locale>-<hash>.js. */
const isLocale = (file) => /\/assets\/(th|la|en)-[\w-]+\.js$/.test(file);
const preloads = filesOf(/<link rel="modulepreload"[^>]* href="(\/assets\/[^"]+\.js)"/g);
const scripts = [
  ...filesOf(/<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/g),
  ...preloads.filter((file) => !isLocale(file)),
];
const strings = preloads.filter(isLocale);
const styles = filesOf(/<link rel="stylesheet"[^>]* href="(\/assets\/[^"]+\.css)"/g);
if (scripts.length === 0 || styles.length === 0 || strings.length !== 1)
  throw new Error(
    `${indexFile}: expected start-up scripts, style sheets and one language's strings`,
  );

// The validation library's own chunk (vite.config.ts manualChunks): it loads with the first call that needs a contract,
// not at start-up, but a build that stopped tree-shaking it (a dynamic import of the whole library keeps every part
// and locale of it: docs/decisions/0017-first-load.md) would quadruple what every page then downloads.
const validation = readdirSync(`${dist}/assets`)
  .filter((file) => /^zod-[\w-]+\.js$/.test(file))
  .map((file) => `${dist}/assets/${file}`);
if (validation.length !== 1) throw new Error(`${dist}/assets: expected one zod-*.js chunk`);

export default [
  {
    name: 'web app: start-up JavaScript (entry + its static imports)',
    path: scripts,
    gzip: true,
    limit: '150 KB',
  },
  { name: 'web app: start-up CSS', path: styles, gzip: true, limit: '20 KB' },
  { name: "web app: the default language's strings", path: strings, gzip: true, limit: '20 KB' },
  { name: 'web app: the validation library (loaded on first need)', path: validation, gzip: true, limit: '30 KB' },
];
