import { join } from 'node:path';
import { expect, test } from './support/fixtures.ts';

/**
 * Review screenshots (390x844) of the member screens the back-office settings changed: the how-to page (the operator's
 * video links) and the agreement modal (asked of the server per member), in th, la and en. Run with SHOTS_DIR set.
 */
const SHOTS_DIR = process.env.SHOTS_DIR ?? '';

for (const locale of ['th', 'la', 'en'] as const) {
  test(`how-to page and agreement modal in ${locale}`, async ({ page, member, api }) => {
    const token = await api.login(member.phone, member.password);
    await page.goto('/contact');
    await page.evaluate((value) => localStorage.setItem('locale', value), locale);
    await page.goto('/howto');
    await expect(page.locator('main')).toBeVisible();
    await page.screenshot({
      path: join(SHOTS_DIR, `member-${locale}-howto.png`),
      animations: 'disabled',
    });
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    await page.goto('/user');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.screenshot({
      path: join(SHOTS_DIR, `member-${locale}-agreement.png`),
      animations: 'disabled',
    });
  });
}
