/// <reference lib="dom" />
import { expect, test } from './support/fixtures.ts';
import { hasReactRoot, holdEntryScript } from './support/hold-entry.ts';

/**
 * The prerendered pages exist in each language (docs/decisions/0017-first-load.md): a member who chose Lao or English
 * gets /login in that language before the app's scripts have run, not the build's default language for a moment.
 */
const TITLES = { la: 'ຍິນດີຕ້ອນຮັບກັບມາ', en: 'Welcome back' } as const;
const HTML_LANG = { la: 'lo', en: 'en' } as const;

for (const language of ['la', 'en'] as const) {
  test(`after choosing ${language}, /login is in ${language} before the app has loaded`, async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByTestId(`lang-${language}`).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLES[language]);

    // Holds the app's entry script, so what is on screen is the page as the server sent it.
    const entry = await holdEntryScript(page);
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await expect.poll(entry.isHeld).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLES[language]);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(HTML_LANG[language]);
    expect(await hasReactRoot(page)).toBe(false);
    entry.release();
    await expect(page.locator('html[data-app="live"]')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLES[language]);
  });
}
