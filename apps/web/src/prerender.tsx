import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Locale } from '@mekong/contracts/constants';
import type { Resource } from 'i18next';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from '@/app/router';
import { AlertProvider } from '@/components/alert-provider';
import { setupI18n } from '@/lib/i18n';

/**
 * Build-time HTML of a public page (scripts/prerender.mjs): what the member sees before the scripts have run, in one
 * of the languages. The client renders the same tree over it (docs/decisions/0017-first-load.md).
 */
export async function render(url: string, locale: Locale, resources: Resource): Promise<string> {
  // One language per call; i18next starts once, so the next languages' strings are added and switched to.
  const i18n = await setupI18n(locale, resources);
  for (const [language, bundle] of Object.entries(resources))
    i18n.addResourceBundle(language, 'translation', bundle.translation, true, true);
  await i18n.changeLanguage(locale);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`prerender: ${url} redirects`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = new QueryClient();
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <AlertProvider>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AlertProvider>
    </QueryClientProvider>,
  );
}
