import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const NOT_BUILT =
  'The back office is not built yet. Run `npm run build` (or `npm start`, which builds it) and reload.\n';

export function isBackofficePath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return pathname === '/backoffice' || pathname.startsWith('/backoffice/');
}

/**
 * Serves the built back office under /backoffice (docs/decisions/0014-back-office.md): hashed assets cached for a year,
 * index.html never cached and answered for every other path under /backoffice (the app's own routes).
 */
export async function registerBackofficeApp(
  app: FastifyInstance,
  distDir: string,
): Promise<(request: FastifyRequest, reply: FastifyReply) => Promise<unknown>> {
  const root = path.resolve(distDir);
  const indexFile = path.join(root, 'index.html');
  await app.register(fastifyStatic, {
    root,
    prefix: '/backoffice/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    wildcard: true,
    setHeaders(res, filePath) {
      const relative = path.relative(root, filePath).split(path.sep).join('/');
      if (relative.startsWith('assets/'))
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      else res.setHeader('cache-control', 'public, max-age=3600');
    },
  });
  const onIndex = async (_request: FastifyRequest, reply: FastifyReply) => {
    if (!existsSync(indexFile))
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(NOT_BUILT);
    return reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-robots-tag', 'noindex, nofollow')
      .send(await readFile(indexFile, 'utf8'));
  };
  app.get('/backoffice', onIndex);
  app.get('/backoffice/', onIndex);
  app.get('/backoffice/index.html', onIndex);
  return onIndex;
}
