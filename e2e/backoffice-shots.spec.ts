import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { BACKOFFICE_VIEWPORT, freshOperator, openBackoffice } from './support/backoffice.ts';

/**
 * Review screenshots of the back office's own screens (sign-in, own password, enrolment, recovery codes, overview, audit trail,
 * operators) in th, en and la at 1280x800, written to SHOTS_DIR (run only when it is set: playwright.config.ts).
 */
const SHOTS_DIR = process.env.SHOTS_DIR ?? '';
const LOCALES = ['th', 'en', 'la'] as const;

test.use(BACKOFFICE_VIEWPORT);

async function useLocale(page: Page, locale: string) {
  await page.addInitScript(
    (value) => localStorage.setItem('mekong-backoffice-locale', value),
    locale,
  );
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), animations: 'disabled' });

test('sign-in, own password, enrolment and recovery codes', async ({ page }) => {
  const { username, password } = await freshOperator('marketing');
  const newPassword = page.locator('input[autocomplete="new-password"]');
  for (const locale of LOCALES) {
    await useLocale(page, locale);
    await page.goto('/backoffice/sign-in');
    await expect(page.locator('#sign-in-title')).toBeVisible();
    await shot(page, `bo-${locale}-01-sign-in`);
    // The one-time password leads to the choice of the operator's own (until it is chosen, each time).
    await page.locator('input[autocomplete="username"]').fill(username);
    await page.locator('input[type="password"]').fill(password);
    await page.locator('button[type="submit"]').click();
    await expect(newPassword).toHaveCount(2);
    await shot(page, `bo-${locale}-01b-own-password`);
  }
  // Own password and enrolment once (in Lao, the last locale set), then the recovery codes.
  await newPassword.nth(0).fill('my-own-long-passphrase');
  await newPassword.nth(1).fill('my-own-long-passphrase');
  await page.locator('button[type="submit"]').click();
  await expect(page.locator('.qr svg')).toBeVisible();
  await shot(page, 'bo-la-02-enrol');
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.locator('input[autocomplete="one-time-code"]').fill(await generate({ secret }));
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('recovery-codes')).toBeVisible();
  await shot(page, 'bo-la-03-recovery-codes');
});

test('overview, audit trail and operators as the owner', async ({ page }) => {
  await openBackoffice(page, 'owner');
  for (const locale of LOCALES) {
    await page.evaluate((value) => localStorage.setItem('mekong-backoffice-locale', value), locale);
    await page.goto('/backoffice/');
    await expect(page.getByTestId('operator-name')).toBeVisible();
    await shot(page, `bo-${locale}-04-overview`);
    await page.goto('/backoffice/audit');
    await expect(page.locator('.data-table tbody tr').first()).toBeVisible();
    await page.locator('.page-header__actions button').click();
    await expect(page.getByTestId('audit-verdict')).toBeVisible();
    await shot(page, `bo-${locale}-05-audit`);
    await page.locator('.data-table tbody tr').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shot(page, `bo-${locale}-06-audit-record`);
    await page.keyboard.press('Escape');
    await page.goto('/backoffice/operators');
    await expect(page.locator('.data-table tbody tr').first()).toBeVisible();
    await shot(page, `bo-${locale}-07-operators`);
    await page.locator('.page-header__actions button').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shot(page, `bo-${locale}-08-operator-add`);
    await page.keyboard.press('Escape');
  }
});
