/// <reference lib="dom" />
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { creditFromBank, memberMoney, signIn } from './support/money.ts';

/**
 * Review screenshots of the home screens in th, la and en, written to SHOTS_DIR. The suite runs
 * files named *-shots.spec.ts only when SHOTS_DIR is set (playwright.config.ts).
 */
const SHOTS_DIR = process.env.SHOTS_DIR;
const LOCALES = ['th', 'la', 'en'] as const;

async function shot(page: Page, name: string, fullPage = false) {
  await mkdir(SHOTS_DIR!, { recursive: true });
  await page.screenshot({
    path: join(SHOTS_DIR!, `${name}.png`),
    fullPage,
    animations: 'disabled',
  });
}

test.describe('home screenshots', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(120_000);

  for (const locale of LOCALES) {
    test(`home in ${locale}`, async ({ page, api, member }) => {
      const token = await api.login(member.phone, member.password);
      const money = memberMoney(api, token);

      // A new player: no money, no game.
      await signIn(page, api, token, '/user/home', locale);
      await expect(page.getByTestId('wallet-card')).toBeVisible();
      await page.waitForTimeout(500);
      await shot(page, `${locale}-home-new-player`);
      await page.evaluate(() => window.scrollTo(0, 420));
      await page.waitForTimeout(300);
      await shot(page, `${locale}-home-new-player-steps`);

      await creditFromBank(member, 1250.5);
      await money.waitForCash(1250.5);
      await money.activate('PG');
      await money.transfer('wallet', 'PG', 200);
      await page.reload();
      await expect(page.getByTestId('game-amount-PG')).toBeVisible();
      await page.waitForTimeout(500);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `${locale}-home-loaded`);

      // Loading: the wallet call held (the page as the app draws it, not the server: without the home cookie, which the
      // app writes again at each start, docs/decisions/0021-member-home-page.md).
      const asTheAppDrawsIt = () => page.context().clearCookies({ name: 'home_session' });
      await page.route('**/api/wallet', () => {});
      await page.evaluate(() => window.scrollTo(0, 0));
      await asTheAppDrawsIt();
      await page.reload();
      await page.waitForTimeout(800);
      await shot(page, `${locale}-home-loading-stored`);
      await page.evaluate(() => localStorage.removeItem('user-info'));
      await asTheAppDrawsIt();
      await page.reload();
      await page.waitForTimeout(800);
      await shot(page, `${locale}-home-loading-fresh`);
      await page.unroute('**/api/wallet');

      // Failed, after a good load.
      await page.reload();
      await expect(page.getByTestId('game-amount-PG')).toBeVisible();
      await page.route('**/api/wallet', (route) =>
        route.fulfill({ status: 500, json: { message: 'INTERNAL_SERVER_ERROR' } }),
      );
      await page.evaluate(() => window.scrollTo(0, 0));
      await asTheAppDrawsIt();
      await page.reload();
      await page.waitForTimeout(3000);
      await shot(page, `${locale}-home-failed`, true);
      await page.unroute('**/api/wallet');
      await page.reload();
      await expect(page.getByTestId('game-amount-PG')).toBeVisible();

      await page.getByTestId('wallet-transfer').click();
      await expect(page.getByTestId('transfer-modal')).toBeVisible();
      await page.waitForTimeout(400);
      await shot(page, `${locale}-transfer`);
      await page.keyboard.press('Escape');

      await page.getByTestId('wallet-withdraw').click();
      await expect(page.getByTestId('withdraw-amount')).toBeVisible();
      await page.getByTestId('withdraw-amount').fill('300');
      await page.waitForTimeout(400);
      await shot(page, `${locale}-withdraw`);
      await page.getByTestId('withdraw-submit').click();
      await expect(page.getByTestId('withdraw-confirm')).toBeVisible();
      await page.waitForTimeout(400);
      await shot(page, `${locale}-withdraw-confirm`);
      await page.keyboard.press('Escape');

      await page.getByTestId('game-play-PG').click();
      await expect(page.getByTestId('play-sheet')).toBeVisible();
      await page.waitForTimeout(400);
      await shot(page, `${locale}-play-sheet`);
      await page.keyboard.press('Escape');
      await page.evaluate(() => {
        const cards = document.querySelector('[data-testid="games-slot"]');
        if (cards) window.scrollTo(0, cards.getBoundingClientRect().top + window.scrollY - 120);
      });
      await page.waitForTimeout(300);
      await shot(page, `${locale}-game-cards`);

      await page.getByTestId('game-PG').locator('.game-card__open').click();
      await expect(page.getByTestId('slot-account-username')).toBeVisible();
      await page.waitForTimeout(400);
      await shot(page, `${locale}-slot-account`);
      await page.getByTestId('slot-account-password-reveal').click();
      await shot(page, `${locale}-slot-account-revealed`);
      await page.keyboard.press('Escape');

      // Offline.
      await page.context().setOffline(true);
      await page.getByTestId('wallet-retry').or(page.getByTestId('wallet-refresh')).first().click();
      await page.waitForTimeout(1500);
      await shot(page, `${locale}-home-offline`);
      await page.context().setOffline(false);
    });
  }
});
