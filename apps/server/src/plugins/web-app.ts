import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const NOT_BUILT =
  'The web app is not built yet. Run `npm run build` (or `npm start`, which builds it) and reload.\n';

/**
 * Serves the built web app at / (DESIGN D1). Vite's hashed files under /assets/ are cached for a year;
 * index.html is never cached, so a new release is picked up on the next load.
 * Returns the history fallback used by the not-found handler for any other GET outside /api.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
): Promise<(request: FastifyRequest, reply: FastifyReply) => Promise<unknown>> {
  const root = path.resolve(distDir);
  const hasIndex = () => existsSync(path.join(root, 'index.html'));

  // Registered even when the folder is missing (the plugin only warns), so a later build is served without a restart.
  await app.register(fastifyStatic, {
    root,
    index: ['index.html'],
    cacheControl: false,
    wildcard: true,
    serve: true,
    setHeaders(res, filePath) {
      const relative = path.relative(root, filePath).split(path.sep).join('/');
      if (relative === 'index.html') res.setHeader('cache-control', 'no-cache');
      else if (relative.startsWith('assets/'))
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      else res.setHeader('cache-control', 'public, max-age=3600');
    },
  });

  return async (_request, reply) => {
    if (!hasIndex()) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(NOT_BUILT);
    }
    return reply
      .code(200)
      .header('cache-control', 'no-cache')
      .sendFile('index.html', root, { cacheControl: false });
  };
}
