import { test as base } from '@playwright/test';
import { api as defaultApi, type Api, type TestMember } from './api.ts';

/**
 * `test` with the product's fixtures: `api` (direct server calls) and `member` (a fresh registered member,
 * made through the real API only when a test asks for it).
 */
export const test = base.extend<{ api: Api; member: TestMember }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
  api: async ({}, use) => {
    await use(defaultApi);
  },
  member: async ({ api }, use) => {
    await use(await api.registerMember());
  },
});

export { expect } from '@playwright/test';
