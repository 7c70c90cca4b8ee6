import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const NOT_BUILT =
  'The web app is not built yet. Run `npm run build` (or `npm start`, which builds it) and reload.\n';

/** The meta tag the web app reads this installation's gift-link secret from (apps/web/src/lib/config.ts). */
export const TRUELINK_META_NAME = 'mekong-truelink-secret';

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Serves the built web app at / (docs/design.md#parts). Vite's hashed files under /assets/ are cached for a year;
 * index.html is never cached, so a new release is picked up on the next load. index.html is always served with this
 * installation's gift-link secret written in, so one build serves every installation
 * (docs/decisions/0012-deploy-secrets.md). Returns the history fallback used by the not-found handler for any other
 * GET outside /api (and for / and /index.html).
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  options: { trueLinkSecret: string },
): Promise<(request: FastifyRequest, reply: FastifyReply) => Promise<unknown>> {
  const root = path.resolve(distDir);
  const indexFile = path.join(root, 'index.html');
  const hasIndex = () => existsSync(indexFile);
  const meta = `<meta name="${TRUELINK_META_NAME}" content="${escapeAttribute(options.trueLinkSecret)}" />`;

  // Registered even when the folder is missing (the plugin only warns), so a later build is served without a restart.
  await app.register(fastifyStatic, {
    root,
    // Only sub-folders' index files: /  and /index.html have routes of their own below.
    index: ['index.html'],
    cacheControl: false,
    wildcard: true,
    serve: true,
    setHeaders(res, filePath) {
      const relative = path.relative(root, filePath).split(path.sep).join('/');
      if (relative.startsWith('assets/'))
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      else res.setHeader('cache-control', 'public, max-age=3600');
    },
  });

  const onIndex = async (_request: FastifyRequest, reply: FastifyReply) => {
    if (!hasIndex()) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(NOT_BUILT);
    }
    const html = await readFile(indexFile, 'utf8');
    return reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(html.replace('</head>', `  ${meta}\n  </head>`));
  };
  // Before the static files' wildcard, which would send index.html as it is.
  app.get('/', onIndex);
  app.get('/index.html', onIndex);
  return onIndex;
}
