import type { FastifyInstance } from 'fastify';
import { registerStaticApp, type IndexHandler } from '@/plugins/static-app.ts';

/** The meta tag the web app reads this installation's gift-link secret from (apps/web/src/lib/config.ts). */
export const TRUELINK_META_NAME = 'mekong-truelink-secret';

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Serves the built web app at / (docs/design.md#parts). index.html is always served with this installation's gift-link
 * secret written in, so one build serves every installation (docs/decisions/0012-deploy-secrets.md). Returns the
 * history fallback used by the not-found handler for any other GET outside /api (and for / and /index.html).
 */
export function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  options: { trueLinkSecret: string },
): Promise<IndexHandler> {
  const meta = `<meta name="${TRUELINK_META_NAME}" content="${escapeAttribute(options.trueLinkSecret)}" />`;
  return registerStaticApp(app, {
    distDir,
    name: 'The web app',
    // Only sub-folders' index files: / and /index.html have routes of their own.
    files: { index: ['index.html'] },
    indexPaths: ['/', '/index.html'],
    html: (html) => html.replace('</head>', `  ${meta}\n  </head>`),
  });
}
