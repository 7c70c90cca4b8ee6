import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { BACKOFFICE_VIEWPORT, openBackoffice } from './support/backoffice.ts';
import { SERVER_URL } from './support/urls.ts';

test.use(BACKOFFICE_VIEWPORT);

const SHOTS = process.env.BO_SHOTS_DIR ?? '/tmp/bo-shots/settings';
const TABS = ['accounts', 'limits', 'providers', 'content', 'agreement', 'system'] as const;

/** What the member app reads (a lookup), as the member app calls it. */
async function lookup<T>(path: string): Promise<T> {
  const response = await fetch(`${SERVER_URL}/api/lookup/${path}`, {
    headers: { 'x-client': 'member-web' },
  });
  expect(response.ok).toBe(true);
  return (await response.json()) as T;
}

async function openSettings(page: Page, tab: (typeof TABS)[number], locale = 'en') {
  await page.addInitScript((value) => localStorage.setItem('mekong-backoffice-locale', value), locale);
  await openBackoffice(page, 'owner', `/settings?tab=${tab}`);
  await expect(page.getByTestId(`settings-tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
}

test.describe('back-office settings (docs/back-office/settings.md)', () => {
  test('a notice saved in the back office is what the member app reads next', async ({ page }) => {
    await openSettings(page, 'content');
    const card = page.getByTestId('setting-notice');
    if (!(await card.getByTestId('notice-shown').isChecked())) await card.getByTestId('notice-shown').check();
    const text = `Maintenance at ${Date.now()}`;
    await card.getByTestId('text-en').fill(text);
    await card.getByTestId('text-th').fill('ปิดปรับปรุงคืนนี้');
    await card.getByTestId('text-la').fill('ປິດປັບປຸງຄືນນີ້');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Done.')).toBeVisible();
    await expect
      .poll(async () => (await lookup<{ text: { en: string } | null }>('notice')).text?.en)
      .toBe(text);
  });

  test('a bad colour is refused in the form with its message, before anything is sent', async ({ page }) => {
    await openSettings(page, 'content');
    const card = page.getByTestId('setting-brand');
    await card.getByTestId('brand-primaryColor').fill('red');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByRole('alert')).toHaveText('Enter a colour as #RRGGBB.');
  });

  test('a deposit account added and then disabled is no longer offered to members', async ({ page }) => {
    await openSettings(page, 'accounts');
    const accountNo = String(Date.now()).slice(-10);
    await page.getByTestId('account-add').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('account-channel').fill('BBL');
    await dialog.getByTestId('account-name').fill('E2E Settings Co');
    await dialog.getByTestId('account-no').fill(accountNo);
    await dialog.getByTestId('account-save').click();
    await expect(dialog).toBeHidden();
    type Deposit = { banks: { bankAccountNo: string }[] };
    await expect
      .poll(async () => (await lookup<Deposit>('deposit')).banks.map((b) => b.bankAccountNo))
      .toContain(accountNo);
    await page.getByTestId(`account-toggle-${accountNo}`).click();
    await expect
      .poll(async () => (await lookup<Deposit>('deposit')).banks.map((b) => b.bankAccountNo))
      .not.toContain(accountNo);
  });

  test('a new agreement version changes what members must accept', async ({ page }) => {
    const before = await lookup<{ version: string }>('agreements');
    await openSettings(page, 'agreement');
    const card = page.getByTestId('setting-agreement');
    await card.getByTestId('agreement-new-version').check();
    await expect(card.getByText('Every member will be asked to accept the agreement again.')).toBeVisible();
    await card.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => (await lookup<{ version: string }>('agreements')).version)
      .not.toBe(before.version);
  });

  test('the approval limits are the owner’s: finance saves the withdrawal limits, not them', async ({ page }) => {
    mkdirSync(SHOTS, { recursive: true });
    await openBackoffice(page, 'finance', '/settings?tab=limits');
    for (const locale of ['th', 'la', 'en']) {
      await page.evaluate((value) => localStorage.setItem('mekong-backoffice-locale', value), locale);
      await page.reload();
      await expect(page.getByTestId('setting-withdraw').getByRole('button')).toHaveCount(1);
      await expect(page.getByTestId('setting-approvals')).toBeVisible();
      await expect(page.getByTestId('setting-approvals').getByRole('button')).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/limits-finance-${locale}.png`, fullPage: true });
    }
    await openSettings(page, 'limits');
    await expect(page.getByTestId('setting-approvals').getByRole('button', { name: 'Save' })).toBeVisible();
  });

  test('screenshots of every settings tab in Thai, English and Lao', async ({ page }) => {
    test.setTimeout(300_000);
    mkdirSync(SHOTS, { recursive: true });
    await openBackoffice(page, 'owner', '/settings');
    for (const locale of ['th', 'en', 'la']) {
      await page.evaluate((value) => localStorage.setItem('mekong-backoffice-locale', value), locale);
      await page.reload();
      for (const tab of TABS) {
        await page.getByTestId(`settings-tab-${tab}`).click();
        await expect(page.locator('.skeleton')).toHaveCount(0);
        await expect(page.locator('.card').first()).toBeVisible();
        await page.screenshot({ path: `${SHOTS}/${tab}-${locale}.png`, fullPage: true });
      }
      await page.getByTestId('settings-tab-accounts').click();
      await page.getByTestId('account-add').click();
      await page.getByRole('dialog').getByTestId('account-save').click();
      await expect(page.getByRole('dialog').getByRole('alert').first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/account-dialog-${locale}.png` });
      await page.keyboard.press('Escape');
    }
  });
});
