import { LOCALES, type Locale } from '@mekong/contracts/constants';
import type { FastifyInstance } from 'fastify';
import type { Session } from '@/modules/auth/auth.service.ts';
import { escapeHtml, withBrand, type PageBrand } from '@/plugins/brand-html.ts';
import { createMemberHomePage, type HomeRenderer } from '@/plugins/member-home-page.ts';
import { registerStaticApp, type IndexHandler } from '@/plugins/static-app.ts';

/** The meta tag the web app reads this installation's gift-link secret from (apps/web/src/lib/config.ts). */
export const TRUELINK_META_NAME = 'mekong-truelink-secret';

/** The web app's language cookie (apps/web/src/lib/i18n.ts); only a known language ever names a file. */
const LANGUAGE_COOKIE = new RegExp(`(?:^|;\\s*)lang=(${LOCALES.join('|')})(?:;|$)`);

/**
 * Serves the built web app at / (docs/design.md#parts). index.html is always served with this installation's gift-link
 * secret written in, so one build serves every installation (docs/decisions/0012-deploy-secrets.md). Returns the
 * history fallback used by the not-found handler for any other GET outside /api (and for / and /index.html).
 */
export function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  options: {
    trueLinkSecret: string;
    /** The operator's brand, written into every page (plugins/brand-html.ts); a page goes out without it if unread. */
    brand: () => Promise<PageBrand | undefined>;
    /** A signed-in member's home page drawn with its data (plugins/member-home-page.ts); off when absent. */
    memberHome?: {
      authenticate: (homeKey: string) => Promise<Session>;
      renderer: () => Promise<HomeRenderer | undefined>;
    };
  },
): Promise<IndexHandler> {
  const memberHome = options.memberHome && createMemberHomePage(app, options.memberHome);
  const meta = `<meta name="${TRUELINK_META_NAME}" content="${escapeHtml(options.trueLinkSecret)}" />`;
  return registerStaticApp(app, {
    distDir,
    name: 'The web app',
    // Only sub-folders' index files: / and /index.html have routes of their own.
    files: { index: ['index.html'] },
    indexPaths: ['/', '/index.html'],
    // The build writes these pages already rendered, or with their chunks linked (apps/web/scripts/prerender.mjs).
    prerenderedPaths: ['/login', '/register', '/user/home'],
    // In the language the app last showed (its `lang` cookie, apps/web/src/lib/i18n.ts).
    pageVariant: (request) => LANGUAGE_COOKIE.exec(request.headers.cookie ?? '')?.[1],
    // The build writes `user/home.member.html` with the place the member's page is drawn into.
    ...(memberHome && {
      personalPage: {
        path: '/user/home',
        template: 'user/home.member',
        render: (request, template, variant) =>
          memberHome(request, template, variant as Locale | undefined),
      },
    }),
    html: async (html) => {
      const page = html.replace('</head>', () => `  ${meta}\n  </head>`);
      const brand = await options.brand().catch(() => undefined);
      return brand ? withBrand(page, brand) : page;
    },
  });
}
