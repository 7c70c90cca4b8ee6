import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import {
  CLIENT_HEADER,
  CLIENT_HEADER_VALUE,
  HOME_ANSWERS_ID,
  HOME_COOKIE,
  type HomeAnswers,
  type Locale,
} from '@mekong/contracts/constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@/lib/app-error.ts';
import type { Session } from '@/modules/auth/auth.service.ts';

/** Draws the home page's content (the inside of #root) with a member's answers, in a language (else the build's). */
export type HomeRenderer = (locale: Locale | undefined, answers: HomeAnswers) => Promise<string>;

/**
 * The home page cookie (set HttpOnly by POST /api/account/home-cookie, sent only to /user/home): a key of its own for
 * the member's session, not the bearer token (docs/decisions/0021-member-home-page.md).
 */
const HOME_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${HOME_COOKIE}=([A-Za-z0-9_-]{1,200})(?:;|$)`);

/** Where the home page template leaves the content to draw (apps/web/scripts/prerender.mjs). */
export const HOME_CONTENT_MARK = '<!--member-home-->';

const CALLS = {
  profile: '/api/account/profile',
  wallet: '/api/wallet',
  notice: '/api/lookup/notice',
  // What the shell around the page shows: the operator's logo and whether the chat is offered.
  brand: '/api/lookup/info',
  chatWidget: '/api/lookup/enableChatWidget',
} as const;

/** JSON inside a script element: nothing in it can end the element or be read as markup. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** Loads the web app's server build (`renderHome` of apps/web/src/prerender.tsx) once; undefined when not built. */
export function loadHomeRenderer(modulePath: string): () => Promise<HomeRenderer | undefined> {
  let loaded: Promise<HomeRenderer | undefined> | undefined;
  return () => {
    loaded ??= existsSync(modulePath)
      ? import(pathToFileURL(modulePath).href).then(
          (module: { renderHome?: HomeRenderer }) => module.renderHome,
        )
      : Promise.resolve(undefined);
    return loaded;
  };
}

/**
 * A signed-in member's home page with its data already drawn (docs/decisions/0021-member-home-page.md), or undefined
 * when the page goes out as the build wrote it: no cookie, a session that is not live, an answer that is not a
 * success, no server build, or a drawing that failed. The answers come from the API's own calls, made inside the
 * server with the member's token and address, so they are what the app would have been answered; the app takes them
 * from the page instead of asking again.
 */
/**
 * Pages drawn at once by one process, at most: drawing takes a few tens of milliseconds of the CPU the API calls share,
 * so a burst (or someone reloading in a loop) gets the page the app draws instead of slowing every member's calls.
 */
export const MAX_HOME_DRAWINGS = 4;

export function createMemberHomePage(
  app: FastifyInstance,
  options: {
    /** The live session of a home page key. */
    authenticate: (homeKey: string) => Promise<Session>;
    renderer: () => Promise<HomeRenderer | undefined>;
  },
) {
  let drawing = 0;
  return async (
    request: FastifyRequest,
    template: string,
    locale: Locale | undefined,
  ): Promise<string | undefined> => {
    const homeKey = HOME_COOKIE_VALUE.exec(request.headers.cookie ?? '')?.[1];
    if (!homeKey || !template.includes(HOME_CONTENT_MARK) || drawing >= MAX_HOME_DRAWINGS)
      return undefined;
    drawing += 1;
    let loan: { token: string; end: () => void } | undefined;
    try {
      loan = app.lendSession(await options.authenticate(homeKey));
      const token = loan.token;
      const render = await options.renderer();
      if (!render) return undefined;
      const entries = await Promise.all(
        Object.entries(CALLS).map(async ([name, url]) => {
          const answer = await app.inject({
            method: 'GET',
            url,
            remoteAddress: request.ip,
            headers: { authorization: `Bearer ${token}`, [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
          });
          return answer.statusCode === 200 ? ([name, answer.json()] as const) : undefined;
        }),
      );
      if (entries.some((entry) => entry === undefined)) return undefined;
      const answers = Object.fromEntries(entries as [string, unknown][]) as HomeAnswers;
      const content = await render(locale, answers);
      return template
        .replace(HOME_CONTENT_MARK, () => content)
        .replace(
          '</body>',
          () =>
            `<script type="application/json" id="${HOME_ANSWERS_ID}">${scriptSafeJson(answers)}</script>\n  </body>`,
        );
    } catch (error) {
      // A session that is not live answers as a visitor's; anything else is logged and the page drawn by the app.
      if (!(error instanceof AppError)) request.log.warn({ err: error }, 'home page not drawn');
      return undefined;
    } finally {
      loan?.end();
      drawing -= 1;
    }
  };
}
