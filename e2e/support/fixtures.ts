import { test as base } from '@playwright/test';
import { api as defaultApi, type Api, type TestMember } from './api.ts';

/**
 * `test` with the product's fixtures: `api` (direct server calls) and `member` (a fresh registered member,
 * made through the real API only when a test asks for it).
 */
export const test = base.extend<{ api: Api; member: TestMember }>({
  // A prerendered page (/login, /register) is on screen before the app has taken it over (docs/decisions/0017-first-load.md):
  // a navigation waits for the takeover, unless the test asks for an earlier moment and handles it itself.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      const isEarly = options?.waitUntil === 'commit' || options?.waitUntil === 'domcontentloaded';
      if (!isEarly)
        await page.waitForFunction(
          () =>
            !document.querySelector('script[src="/start-after-paint.js"]') ||
            document.documentElement.dataset.app === 'live',
        );
      return response;
    };
    await use(page);
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
  api: async ({}, use) => {
    await use(defaultApi);
  },
  member: async ({ api }, use) => {
    await use(await api.registerMember());
  },
});

export { expect } from '@playwright/test';
