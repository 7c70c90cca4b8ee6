import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type IndexHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * Serves a built single-page app (the web app, the back office): Vite's hashed files under assets/ cached for a year,
 * other files for an hour, and index.html never cached, so a new release is picked up on the next load. Registered even
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
    html?: (html: string) => string;
  },
): Promise<IndexHandler> {
  const root = path.resolve(options.distDir);
  const indexFile = path.join(root, 'index.html');
  await app.register(fastifyStatic, {
    root,
    ...options.files,
    cacheControl: false,
    wildcard: true,
    setHeaders(res, filePath) {
      const relative = path.relative(root, filePath).split(path.sep).join('/');
      if (relative.startsWith('assets/'))
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      else res.setHeader('cache-control', 'public, max-age=3600');
    },
  });
  const onIndex: IndexHandler = async (_request, reply) => {
    if (!existsSync(indexFile))
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          `${options.name} is not built yet. Run \`npm run build\` (or \`npm start\`, which builds it) and reload.\n`,
        );
    const html = await readFile(indexFile, 'utf8');
    return reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .headers(options.indexHeaders ?? {})
      .send(options.html ? options.html(html) : html);
  };
  // Before the static files' wildcard, which would send index.html as it is.
  for (const url of options.indexPaths) app.get(url, onIndex);
  return onIndex;
}
