import { BACKOFFICE_VIEWPORT, openBackoffice } from './support/backoffice.ts';
import { expect, test } from './support/fixtures.ts';
import { screenshot } from './support/screenshot.ts';

test.use(BACKOFFICE_VIEWPORT);

/** The back office's one date helper (apps/backoffice/src/lib/format.ts): Thai in the Buddhist era (issue 28 item 11). */
test.describe('back-office dates', () => {
  for (const lang of ['th', 'en', 'la'] as const) {
    test(`${lang}: the audit log's dates count years in the language's era`, async ({ page }) => {
      await page.addInitScript(
        (value) => localStorage.setItem('mekong-backoffice-locale', value),
        lang,
      );
      await openBackoffice(page, 'owner', '/audit');
      const year = new Date().getUTCFullYear();
      const main = page.locator('main');
      await expect(main).toContainText(String(lang === 'th' ? year + 543 : year));
      await screenshot(page, `backoffice-dates-${lang}`);
    });
  }
});
