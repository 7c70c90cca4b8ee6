// Two faces per script: a weight of 600 in the styles is drawn with the 700 face (the browser's font matching), one
// file fewer per script for a slow phone to download before the text can appear (docs/decisions/0017-first-load.md).
import '@fontsource/noto-sans-thai/400.css';
import '@fontsource/noto-sans-thai/700.css';
import '@fontsource/noto-sans-lao/lao-400.css';
import '@fontsource/noto-sans-lao/lao-700.css';
import '@/styles/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AfterFirstCommit } from '@/app/after-first-commit';
import { App } from '@/app/app';
import { SignedInOnServer } from '@/app/shell/require-auth';
import { queryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { preloadFonts } from '@/lib/font-preload';
import { initialLocale, setupI18n } from '@/lib/i18n';
import { brandQuery, chatWidgetQuery, noticeQuery } from '@/lib/lookup-queries';
import { replayPendingSubmit, restoreTypedValues, watchTypedValues } from '@/lib/prerender-carry';
import { readHomeAnswers } from '@/lib/home-answers';
import { hasToken, syncHomeCookie } from '@/lib/session';
import { yieldToMain } from '@/lib/yield-to-main';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
const locale = initialLocale();

/** Resolves once the router has loaded the matched routes' chunks (it shows its fallback until then). */
const routerReady = (router: ReturnType<typeof createAppRouter>) =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });

/**
 * The start-up, in short tasks (each `yieldToMain` ends one), so that a slow phone can draw and answer a tap between
 * them (docs/decisions/0017-first-load.md). What the first page waits for still starts early, side by side, not each
 * once the page has rendered: the page's chunks (the router loads the matched routes' modules when it is made), the
 * shell's lookups (every page shows the brand) and the language's strings.
 */
async function start(root: HTMLElement) {
  preloadFonts(locale);
  syncHomeCookie();
  // A page the build prerendered (scripts/prerender.mjs) is already on screen: what is typed into it is kept from now.
  const isPrerendered = root.hasChildNodes();
  const takeTyped = isPrerendered ? watchTypedValues(root) : null;
  await yieldToMain();
  const router = createAppRouter();
  await yieldToMain();
  /**
   * The answers the server drew a signed-in member's home page with (docs/decisions/0021-member-home-page.md), kept by
   * the app so that its first render is the page already on screen; else the home page's calls start now, beside its
   * chunks (the installed app's start page). The brand and the chat switch are among them.
   */
  const homeAnswers = readHomeAnswers();
  if (!homeAnswers) {
    void queryClient.prefetchQuery(brandQuery);
    void queryClient.prefetchQuery(chatWidgetQuery);
  }
  const homeSeeded: Promise<boolean> =
    window.location.pathname === '/user/home' && hasToken()
      ? import('@/lib/member-queries').then(async ({ prefetchHome, seedHome }) => {
          if (homeAnswers) {
            seedHome(queryClient, homeAnswers);
            return true;
          }
          // Not drawn by the server (the installed app's start page): painted at once from the last answers kept on
          // the phone, which are read with the wallet's schema. The cache's module came with the member's queries; it
          // is not among the start-up scripts.
          const { loadWalletCacheSchema } = await import('@/lib/user-info-cache');
          await loadWalletCacheSchema().catch(() => undefined);
          void queryClient.prefetchQuery(noticeQuery);
          prefetchHome(queryClient);
          return false;
        })
      : Promise.resolve(false);
  // The first render waits for the language's strings (one small chunk), so no key is ever shown in place of a text.
  // A prerendered page is replaced in one commit once its chunks are in too, never by the router's loading fallback.
  const [, , isServerDrawn] = await Promise.all([
    setupI18n(locale),
    isPrerendered ? routerReady(router) : undefined,
    homeSeeded,
  ]);
  /**
   * The prerendered page is now the app (the browser tests wait for this); what was typed into it is carried over, and
   * a form sent meanwhile is sent now.
   */
  const onTakenOver = () => {
    document.documentElement.dataset.app = 'live';
    if (!takeTyped) return;
    restoreTypedValues(root, takeTyped());
    replayPendingSubmit(root);
  };
  const app = (
    <StrictMode>
      <AfterFirstCommit onCommit={onTakenOver}>
        <App router={router} />
      </AfterFirstCommit>
    </StrictMode>
  );
  // A member's page the server drew from the same answers (docs/decisions/0021-member-home-page.md) is hydrated:
  // React adopts the page's elements instead of making them again, in slices that leave the main thread free.
  if (isServerDrawn) {
    startTransition(() => {
      hydrateRoot(root, <SignedInOnServer.Provider value>{app}</SignedInOnServer.Provider>);
    });
    return;
  }
  // A transition: the first render yields to the browser every few milliseconds instead of holding a slow phone's
  // main thread for the whole tree, and a prerendered page stays on screen, usable, until the commit.
  startTransition(() => createRoot(root).render(app));
}

void start(root);

// The service worker, its code and the shell it caches wait until the page has loaded and settled: they never take
// the bandwidth of the first page's own chunks and calls.
if ('serviceWorker' in navigator) {
  const SETTLE_MS = 3000;
  const onLoaded = () =>
    setTimeout(
      () =>
        void import('@/features/pwa/register-service-worker').then((m) =>
          m.registerServiceWorker(),
        ),
      SETTLE_MS,
    );
  if (document.readyState === 'complete') onLoaded();
  else window.addEventListener('load', onLoaded, { once: true });
}
