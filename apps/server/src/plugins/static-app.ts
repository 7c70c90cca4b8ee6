import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Files named alike in every release: a cached copy would hold back the next release. */
const isAlwaysRevalidated = (relative: string) =>
  /^(sw\.js|registerSW\.js|manifest\.webmanifest)$/.test(relative);

/**
 * The HTML pages compressed, each once per content: they are written in per installation, so the build cannot
 * compress them, and a prerendered page is 25–30 kB plain (docs/decisions/0017-first-load.md).
 */
const compressedPages = new Map<string, { br: Buffer; gzip: Buffer }>();
function compressedPage(html: string, encoding: 'br' | 'gzip'): Buffer {
  let entry = compressedPages.get(html);
  if (!entry) {
    // A few pages per app; a rebuild's pages replace them while the server runs.
    if (compressedPages.size >= 32) compressedPages.clear();
    entry = {
      br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(html, { level: 9 }),
    };
    compressedPages.set(html, entry);
  }
  return entry[encoding];
}

export type IndexHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * Serves a built single-page app (the web app, the back office): Vite's hashed files under assets/ cached for a year,
 * other files for an hour (the service worker and the manifest revalidated), each sent precompressed when the browser
 * accepts it, and index.html never cached, so a new release is picked up on the next load. Registered even
 * when the folder is missing (the plugin only warns), so a later build is served without a restart. Answers the
 * index.html handler, registered at `indexPaths` and used by the caller as the app's history fallback.
 */
export async function registerStaticApp(
  app: FastifyInstance,
  options: {
    distDir: string;
    /** How the app is named in the answer while it is not built. */
    name: string;
    files: Pick<FastifyStaticOptions, 'prefix' | 'decorateReply' | 'index'>;
    indexPaths: readonly string[];
    /** Headers of index.html besides its caching. */
    indexHeaders?: Record<string, string>;
    /** index.html as served (the web app writes its installation's secret in). */
    html?: (html: string) => string | Promise<string>;
    /**
     * Paths answered with a page the build prerendered (`/login` → `login.html`), written in like index.html, or with
     * index.html while that file is missing (docs/decisions/0017-first-load.md).
     */
    prerenderedPaths?: readonly string[];
    /** Which version of a prerendered page this browser gets (`login.la.html`), when the build wrote it. */
    pageVariant?: (request: FastifyRequest) => string | undefined;
    /**
     * A prerendered path that may instead be drawn for this browser from a template the build wrote (`template`, in
     * the page's variant): `render` answers the page, or undefined for the prerendered one. Never cached, never kept.
     */
    personalPage?: {
      path: string;
      template: string;
      render: (
        request: FastifyRequest,
        template: string,
        variant: string | undefined,
      ) => Promise<string | undefined>;
    };
  },
): Promise<IndexHandler> {
  const root = path.resolve(options.distDir);
  const indexFile = path.join(root, 'index.html');
  await app.register(fastifyStatic, {
    root,
    ...options.files,
    cacheControl: false,
    wildcard: true,
    // The build writes each file also as .br and .gz (apps/web/vite.config.ts): the one the browser accepts is sent,
    // with its content-encoding, and the plain file otherwise (docs/decisions/0017-first-load.md).
    preCompressed: true,
    setHeaders(res, filePath) {
      const relative = path
        .relative(root, filePath)
        .split(path.sep)
        .join('/')
        .replace(/\.(br|gz)$/, '');
      res.setHeader('vary', 'accept-encoding');
      if (relative.startsWith('assets/'))
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      // The service worker and its manifest decide when a new release is taken up: always asked afresh.
      else if (isAlwaysRevalidated(relative)) res.setHeader('cache-control', 'no-cache');
      else res.setHeader('cache-control', 'public, max-age=3600');
    },
  });
  const onIndex: IndexHandler = async (request, reply) => {
    if (!existsSync(indexFile))
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          `${options.name} is not built yet. Run \`npm run build\` (or \`npm start\`, which builds it) and reload.\n`,
        );
    return sendHtml(request, reply, await readFile(indexFile, 'utf8'));
  };
  /**
   * An HTML page, written in by `options.html`. A page drawn for one browser (`isPersonal`) is compressed now and not
   * kept, and never stored by the browser or on the way; the others are compressed once and revalidated.
   */
  const sendHtml = async (
    request: FastifyRequest,
    reply: FastifyReply,
    file: string,
    isPersonal = false,
  ) => {
    const html = options.html ? await options.html(file) : file;
    reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', isPersonal ? 'no-store, private' : 'no-cache')
      .header(
        'vary',
        isPersonal ? 'accept-encoding, cookie' : (reply.getHeader('vary') ?? 'accept-encoding'),
      )
      .headers(options.indexHeaders ?? {});
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
    if (encoding !== 'br' && encoding !== 'gzip') return reply.send(html);
    const body = !isPersonal
      ? compressedPage(html, encoding)
      : encoding === 'br'
        ? brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
        : gzipSync(html, { level: 6 });
    return reply.header('content-encoding', encoding).send(body);
  };
  /** The file of a page in this browser's variant (`login.la.html`), else the default one (`login.html`). */
  const variantOf = (base: string, variant: string | undefined) => {
    const variantFile = variant ? `${base}.${variant}.html` : undefined;
    return variantFile && existsSync(variantFile) ? variantFile : `${base}.html`;
  };
  // Before the static files' wildcard, which would send index.html as it is.
  for (const url of options.indexPaths) app.get(url, onIndex);
  for (const url of options.prerenderedPaths ?? []) {
    const base = path.join(root, url.replace(/^\//, ''));
    const personal = options.personalPage?.path === url ? options.personalPage : undefined;
    app.get(url, async (request, reply) => {
      const variant = options.pageVariant?.(request);
      // The answer depends on the cookie that names the variant.
      if (options.pageVariant) reply.header('vary', 'accept-encoding, cookie');
      if (personal) {
        const templateFile = variantOf(path.join(root, personal.template), variant);
        const page = existsSync(templateFile)
          ? await personal.render(request, await readFile(templateFile, 'utf8'), variant)
          : undefined;
        if (page !== undefined) return sendHtml(request, reply, page, true);
      }
      const pageFile = variantOf(base, variant);
      return existsSync(pageFile)
        ? sendHtml(request, reply, await readFile(pageFile, 'utf8'))
        : onIndex(request, reply);
    });
  }
  // A form sent before the app has taken its page over, by a browser faster than public/start-after-paint.js (which
  // holds such a form once it runs): the browser is sent back to the page, to get it again (303), and the fields are
  // drained unread, never kept or logged. The app's own calls are JSON to /api and never come here.
  await app.register(async (forms) => {
    forms.removeAllContentTypeParsers();
    forms.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, _body, done) =>
      done(null, undefined),
    );
    for (const url of options.prerenderedPaths ?? [])
      forms.post(url, async (_request, reply) => reply.redirect(url, 303));
  });
  return onIndex;
}
