import type { FastifyInstance } from 'fastify';
import { registerStaticApp, type IndexHandler } from '@/plugins/static-app.ts';

export function isBackofficePath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return pathname === '/backoffice' || pathname.startsWith('/backoffice/');
}

/**
 * Serves the built back office under /backoffice (docs/decisions/0014-back-office.md): index.html is answered for
 * every other path under /backoffice (the app's own routes), never indexed by search engines.
 */
export function registerBackofficeApp(
  app: FastifyInstance,
  distDir: string,
): Promise<IndexHandler> {
  return registerStaticApp(app, {
    distDir,
    name: 'The back office',
    files: { prefix: '/backoffice/', decorateReply: false, index: false },
    indexPaths: ['/backoffice', '/backoffice/', '/backoffice/index.html'],
    indexHeaders: { 'x-robots-tag': 'noindex, nofollow' },
  });
}
