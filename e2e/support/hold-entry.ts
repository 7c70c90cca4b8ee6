import type { Page } from '@playwright/test';

/**
 * Holds the app's entry script, as a slow connection would, so a prerendered page stays as the server sent it until
 * `release` (docs/decisions/0017-first-load.md). `isHeld` turns true once the page has asked for the script.
 */
export async function holdEntryScript(
  page: Page,
): Promise<{ isHeld: () => boolean; release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let isHeld = false;
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    isHeld = true;
    await released;
    await route.continue();
  });
  return { isHeld: () => isHeld, release };
}

/** Whether React has taken #root over (the prerendered HTML has no React root). */
export function hasReactRoot(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__react')),
  );
}
