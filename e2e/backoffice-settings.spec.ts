import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
  BACKOFFICE_VIEWPORT,
  demoOperator,
  openBackoffice,
  totpCodeFor,
  type Role,
} from './support/backoffice.ts';
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

async function openSettings(
  page: Page,
  tab: (typeof TABS)[number],
  locale = 'en',
  role: Role = 'owner',
) {
  // Only the first time: a test that switches the language and reloads keeps its choice.
  await page.addInitScript((value) => {
    if (!localStorage.getItem('mekong-backoffice-locale'))
      localStorage.setItem('mekong-backoffice-locale', value);
  }, locale);
  await openBackoffice(page, role, `/settings?tab=${tab}`);
  await expect(page.getByTestId(`settings-tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
}

/** Money-critical saves ask for a fresh re-authentication once the sign-in is five minutes old. */
async function reauthIfAsked(page: Page, role: Role) {
  const asked = await page
    .getByRole('heading', { name: 'Confirm it is you' })
    .waitFor({ timeout: 3_000 })
    .then(
      () => true,
      () => false,
    );
  if (!asked) return;
  // By its name: the account dialog may still be open under it.
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await dialog.getByLabel(/^password$/i).fill(demoOperator(role).password);
  await dialog.getByLabel(/authenticator code/i).fill(await totpCodeFor(role));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
}

/** A second operator confirms the waiting change in the panel above the tabs (docs/back-office/settings.md). */
async function confirmWaiting(page: Page, role: Role, item: ReturnType<Page['getByTestId']>) {
  await item.getByTestId('pending-confirm').click();
  await reauthIfAsked(page, role);
  await expect(page.getByText('Confirmed: the change is in effect.')).toBeVisible();
}

test.describe('back-office settings (docs/back-office/settings.md)', () => {
  test('a notice saved in the back office is what the member app reads next', async ({ page }) => {
    await openSettings(page, 'content');
    const card = page.getByTestId('setting-notice');
    if (!(await card.getByTestId('notice-shown').isChecked()))
      await card.getByTestId('notice-shown').check();
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

  test('a bad colour is refused in the form with its message, before anything is sent', async ({
    page,
  }) => {
    await openSettings(page, 'content');
    const card = page.getByTestId('setting-brand');
    await card.getByTestId('brand-primaryColor').fill('red');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByRole('alert')).toHaveText('Enter a colour as #RRGGBB.');
  });

  test('a deposit account added, then disabled, changes what members see only once a second operator confirms', async ({
    page,
    browser,
  }) => {
    // Re-authentications share the authenticator's 30 s steps with other tests.
    test.setTimeout(180_000);
    await openSettings(page, 'accounts');
    const accountNo = String(Date.now()).slice(-10);
    await page.getByTestId('account-add').click();
    const dialog = page.getByRole('dialog', { name: 'Add account' });
    await dialog.getByTestId('account-channel').fill('BBL');
    await dialog.getByTestId('account-name').fill('E2E Settings Co');
    await dialog.getByTestId('account-no').fill(accountNo);
    await dialog.getByTestId('account-save').click();
    await reauthIfAsked(page, 'owner');
    await expect(dialog).toBeHidden();
    const waiting = page.getByTestId('pending-operatorAccount').filter({ hasText: accountNo });
    await expect(waiting).toContainText('Waiting for a second operator or until');
    // The owner asked: only another operator confirms; members are not offered the account yet.
    await expect(waiting.getByTestId('pending-confirm')).toHaveCount(0);
    type Deposit = { banks: { bankAccountNo: string }[] };
    const offered = async () =>
      (await lookup<Deposit>('deposit')).banks.map((b) => b.bankAccountNo);
    expect(await offered()).not.toContain(accountNo);
    mkdirSync(SHOTS, { recursive: true });
    for (const locale of ['th', 'la', 'en']) {
      await page.evaluate(
        (value) => localStorage.setItem('mekong-backoffice-locale', value),
        locale,
      );
      await page.reload();
      await expect(waiting).toBeVisible();
      await page.screenshot({
        path: `${SHOTS}/accounts-waiting-owner-${locale}.png`,
        fullPage: true,
      });
    }

    const financePage = await browser.newPage(BACKOFFICE_VIEWPORT);
    await openSettings(financePage, 'accounts', 'en', 'finance');
    await confirmWaiting(
      financePage,
      'finance',
      financePage.getByTestId('pending-operatorAccount').filter({ hasText: accountNo }),
    );
    await expect.poll(offered).toContain(accountNo);

    await page.reload();
    await page.getByTestId(`account-toggle-${accountNo}`).click();
    await reauthIfAsked(page, 'owner');
    await expect(page.getByTestId(`account-toggle-${accountNo}`)).toBeDisabled();
    expect(await offered()).toContain(accountNo);
    await financePage.reload();
    await confirmWaiting(
      financePage,
      'finance',
      financePage.getByTestId('pending-operatorAccount').filter({ hasText: accountNo }),
    );
    await expect.poll(offered).not.toContain(accountNo);
    await financePage.close();
  });

  test('raised auto-payouts wait for a second operator: the card shows the waiting value, the owner confirms', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    mkdirSync(SHOTS, { recursive: true });
    await openSettings(page, 'limits', 'en', 'finance');
    const card = page.getByTestId('setting-withdraw-limits');
    // Below 25,000: statement.spec.ts withdraws 25,000 and expects it to wait for approval, whichever runs first.
    const amount = String(20_001 + (Date.now() % 4_000));
    await card.getByTestId('auto-payout').fill(amount);
    await card.getByRole('button', { name: 'Save' }).click();
    await reauthIfAsked(page, 'finance');
    const note = card.getByTestId('pending-note');
    await expect(note).toContainText('Waiting for a second operator or until');
    await expect(note).toContainText(`฿${Number(amount).toLocaleString('en-US')}.00`);
    await expect(card.getByRole('button', { name: 'Save' })).toHaveCount(0);
    for (const locale of ['th', 'la', 'en']) {
      await page.evaluate(
        (value) => localStorage.setItem('mekong-backoffice-locale', value),
        locale,
      );
      await page.reload();
      await expect(
        page.getByTestId('setting-withdraw-limits').getByTestId('pending-note'),
      ).toBeVisible();
      await page.screenshot({
        path: `${SHOTS}/limits-waiting-finance-${locale}.png`,
        fullPage: true,
      });
    }

    const ownerPage = await browser.newPage(BACKOFFICE_VIEWPORT);
    await openSettings(ownerPage, 'limits', 'en');
    const item = ownerPage.getByTestId('pending-withdrawLimits');
    await expect(item.getByTestId('pending-cancel')).toBeVisible();
    for (const locale of ['th', 'la', 'en']) {
      await ownerPage.evaluate(
        (value) => localStorage.setItem('mekong-backoffice-locale', value),
        locale,
      );
      await ownerPage.reload();
      await expect(item.getByTestId('pending-confirm')).toBeVisible();
      await ownerPage.screenshot({
        path: `${SHOTS}/limits-waiting-owner-${locale}.png`,
        fullPage: true,
      });
    }
    await confirmWaiting(ownerPage, 'owner', item);
    await expect(item).toHaveCount(0);
    await expect(
      ownerPage.getByTestId('setting-withdraw-limits').getByTestId('auto-payout'),
    ).toHaveValue(new RegExp(`^${amount}`));
    await ownerPage.close();
  });

  test('a new agreement version changes what members must accept', async ({ page }) => {
    const before = await lookup<{ version: string }>('agreements');
    await openSettings(page, 'agreement');
    const card = page.getByTestId('setting-agreement');
    await card.getByTestId('agreement-new-version').check();
    await expect(
      card.getByText('Every member will be asked to accept the agreement again.'),
    ).toBeVisible();
    await card.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => (await lookup<{ version: string }>('agreements')).version)
      .not.toBe(before.version);
  });

  test('the approval limits are the owner’s: finance saves the withdrawal limits, not them', async ({
    page,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    await openBackoffice(page, 'finance', '/settings?tab=limits');
    for (const locale of ['th', 'la', 'en']) {
      await page.evaluate(
        (value) => localStorage.setItem('mekong-backoffice-locale', value),
        locale,
      );
      await page.reload();
      await expect(page.getByTestId('setting-withdraw').getByRole('button')).toHaveCount(1);
      await expect(page.getByTestId('setting-approvals')).toBeVisible();
      await expect(page.getByTestId('setting-approvals').getByRole('button')).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/limits-finance-${locale}.png`, fullPage: true });
    }
    await openSettings(page, 'limits');
    await expect(
      page.getByTestId('setting-approvals').getByRole('button', { name: 'Save' }),
    ).toBeVisible();
  });

  test('screenshots of every settings tab in Thai, English and Lao', async ({ page }) => {
    test.setTimeout(300_000);
    mkdirSync(SHOTS, { recursive: true });
    await openBackoffice(page, 'owner', '/settings');
    for (const locale of ['th', 'en', 'la']) {
      await page.evaluate(
        (value) => localStorage.setItem('mekong-backoffice-locale', value),
        locale,
      );
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
