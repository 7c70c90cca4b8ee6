/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { accessibilityOf } from './support/lighthouse.ts';
import { creditFromBank, memberMoney, signIn } from './support/money.ts';
import { smallTargets, smallText, type SmallTarget } from './support/touch-targets.ts';

/**
 * Issue 9 item 12: every visible interactive element of the member's screens is at least 44×44 px at 390×844 (in
 * each language: Thai and Lao labels are wider), and Lighthouse scores accessibility 100 on /login and /user/home.
 */

const LOCALES = ['th', 'la', 'en'] as const;

async function expectNoSmallTargets(page: Page, screen: string) {
  // Let the screen settle (fonts, data) before measuring.
  await page.waitForLoadState('networkidle');
  // A sheet or dialog grows into place: measure it once its entrance animation has ended.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity));
  const small: SmallTarget[] = await smallTargets(page);
  expect(small, `${screen}: interactive elements under 44×44 px`).toEqual([]);
  expect(await smallText(page), `${screen}: text under 13 px, or lines closer than 1.4`).toEqual([]);
}

for (const locale of LOCALES) {
  test(`touch targets of the member's screens in ${locale}`, async ({ page, api, member }) => {
    test.setTimeout(120_000);
    const token = await api.login(member.phone, member.password);
    const money = memberMoney(api, token);
    await creditFromBank(member, 500);
    await money.waitForCash(500);
    await money.activate('PG');

    await signIn(page, api, token, '/user/home', locale);
    await expect(page.getByTestId('wallet-total')).toContainText('500.00');
    await expectNoSmallTargets(page, 'home');

    await page.getByTestId('wallet-deposit').click();
    const deposit = page.getByRole('dialog');
    await expect(deposit.getByTestId('deposit-methods')).toBeVisible();
    await expectNoSmallTargets(page, 'deposit methods');
    for (const method of ['qr', 'bank', 'slip', 'giftLink']) {
      await deposit.getByTestId(`deposit-method-${method}`).click();
      await expect(deposit.getByTestId('deposit-back')).toBeVisible();
      await expectNoSmallTargets(page, `deposit ${method}`);
      await deposit.getByTestId('deposit-back').click();
    }
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.getByTestId('wallet-transfer').click();
    await expect(page.getByTestId('transfer-modal')).toBeVisible();
    await expectNoSmallTargets(page, 'transfer');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('transfer-modal')).toBeHidden();

    await page.getByTestId('wallet-withdraw').click();
    await expect(page.getByTestId('withdraw-modal')).toBeVisible();
    await expectNoSmallTargets(page, 'withdraw');
    await page.keyboard.press('Escape');

    await page.goto('/user/statement');
    await expect(page.getByTestId('statement-row').first()).toBeVisible();
    await expectNoSmallTargets(page, 'statement');
    await page.getByTestId('statement-row').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSmallTargets(page, 'statement receipt');
    await page.keyboard.press('Escape');

    await page.goto('/user/profile');
    await expect(page.getByTestId('header-name')).toBeVisible();
    await expectNoSmallTargets(page, 'profile');
  });

  test(`touch targets of sign-in and registration in ${locale}`, async ({ page }) => {
    await page.addInitScript((value) => localStorage.setItem('locale', value), locale);
    await page.goto('/login');
    await expect(page.locator('form')).toBeVisible();
    await expectNoSmallTargets(page, 'login');
    await page.goto('/register');
    await expect(page.locator('form')).toBeVisible();
    await expectNoSmallTargets(page, 'register');
  });
}

test('Lighthouse accessibility is 100 on /login and /user/home', async ({ api, member }) => {
  test.setTimeout(180_000);
  const token = await api.login(member.phone, member.password);
  const { version } = await api.get<{ version: string }>('/api/lookup/agreements');
  const login = await accessibilityOf('/login');
  expect(login.failures, 'failing audits on /login').toEqual([]);
  expect(login.url).toMatch(/\/login$/);
  expect(login.score).toBe(1);
  const home = await accessibilityOf('/user/home', { token, locale: 'th', 'remember-agreement': version });
  expect(home.failures, 'failing audits on /user/home').toEqual([]);
  // Signed in: the audit looked at the member's home, not the sign-in page it would fall back to.
  expect(home.url).toMatch(/\/user\/home$/);
  expect(home.score).toBe(1);
});
