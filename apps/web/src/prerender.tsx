import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { HomeAnswers, Locale } from '@mekong/contracts/constants';
import type { Resource } from 'i18next';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from '@/app/router';
import { SignedInOnServer } from '@/app/shell/require-auth';
import { AlertProvider } from '@/components/alert-provider';
import { DEFAULT_LOCALE } from '@/lib/config';
import { setupI18n } from '@/lib/i18n';
import { profileGet } from '@mekong/contracts/account';
import { lookupEnableChatWidget, lookupInfo, lookupNotice } from '@mekong/contracts/lookup';
import { walletGet } from '@mekong/contracts/wallet';
import { seedHome, type HomeData } from '@/lib/member-queries';

/** Draws one page in one language with the given queries' answers (none for a public page). */
async function draw(
  url: string,
  locale: Locale,
  resources: Resource | undefined,
  seed?: (client: QueryClient) => boolean,
) {
  // i18next starts once, so the next languages' strings are added and switched to.
  const i18n = await setupI18n(locale, resources);
  for (const [language, bundle] of Object.entries(resources ?? {}))
    i18n.addResourceBundle(language, 'translation', bundle.translation, true, true);
  await i18n.changeLanguage(locale);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`prerender: ${url} redirects`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = new QueryClient();
  if (seed && !seed(queryClient)) throw new Error(`prerender: ${url} answers do not read`);
  return renderToString(
    <SignedInOnServer.Provider value={seed !== undefined}>
      <QueryClientProvider client={queryClient}>
        <AlertProvider>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AlertProvider>
      </QueryClientProvider>
    </SignedInOnServer.Provider>,
  );
}

/**
 * Build-time HTML of a public page (scripts/prerender.mjs): what the member sees before the scripts have run, in one
 * of the languages. The client renders the same tree over it (docs/decisions/0017-first-load.md).
 */
export function render(url: string, locale: Locale, resources: Resource): Promise<string> {
  return draw(url, locale, resources);
}

/** One page at a time: the language is i18next's one instance, switched for each page. */
let drawing: Promise<unknown> = Promise.resolve();

/**
 * A signed-in member's home page drawn by the server with the answers of its calls (the server's
 * plugins/member-home-page.ts, from this file's server build): the app then renders the same page over it from the
 * same answers (docs/decisions/0021-member-home-page.md).
 */
export function renderHome(locale: Locale | undefined, answers: HomeAnswers): Promise<string> {
  const page = drawing.then(() =>
    draw('/user/home', locale ?? DEFAULT_LOCALE, undefined, (client) => {
      const data = homeDataOf(answers);
      if (data) seedHome(client, data);
      return data !== undefined;
    }),
  );
  drawing = page.catch(() => undefined);
  return page;
}

/**
 * The answers read with their calls' own schemas, as the app reads a call's answer; undefined when one does not read,
 * and then the page is not drawn. The app takes the answers of a drawn page as they are (src/lib/home-answers.ts).
 */
function homeDataOf(answers: HomeAnswers): HomeData | undefined {
  const profile = profileGet.response.safeParse(answers.profile);
  const wallet = walletGet.response.safeParse(answers.wallet);
  const notice = lookupNotice.response.safeParse(answers.notice);
  const brand = lookupInfo.response.safeParse(answers.brand);
  const chatWidget = lookupEnableChatWidget.response.safeParse(answers.chatWidget);
  if (!profile.success || !wallet.success || !notice.success || !brand.success || !chatWidget.success)
    return undefined;
  return {
    profile: profile.data,
    wallet: wallet.data,
    notice: notice.data,
    brand: brand.data,
    chatWidget: chatWidget.data,
  };
}
