/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { expect, test } from './support/fixtures.ts';
import { baht, creditFromBank, memberMoney, playAtProvider, signIn } from './support/money.ts';
import { screenshot } from './support/screenshot.ts';

/**
 * Issue 28 item 7: game balances are current when the member looks (docs/decisions/0023-prize-claim-and-game-return.md).
 * Back from a game the home asks that provider for its balance, says "updating" until the figure arrives, and the play
 * sheet offers the amount moved last time.
 */

type Locale = 'th' | 'la' | 'en';
const updating = Object.fromEntries(
  (['th', 'la', 'en'] as const).map((locale) => [
    locale,
    (JSON.parse(readFileSync(new URL(`../apps/web/src/locales/${locale}.json`, import.meta.url), 'utf8')) as { walletFlow: { updating: string } })
      .walletFlow.updating,
  ]),
) as Record<Locale, string>;

for (const locale of ['th', 'la', 'en'] as const) {
  test(`back from a game: "updating", then that game's balance and the total from the provider; the sheet offers the last amount (${locale})`, async ({
    page,
    api,
    member,
  }) => {
    test.setTimeout(120_000);
    const token = await api.login(member.phone, member.password);
    const money = memberMoney(api, token);
    await creditFromBank(member, 1000);
    await money.waitForCash(1000);
    await money.activate('PG');
    const { username } = await money.account('PG');
    // The provider's answer held back a moment, so the "updating" state can be seen (and photographed).
    await page.route('**/api/wallet/refresh/slot/PG', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await signIn(page, api, token, '/user/home', locale);

    const pgAmount = page.getByTestId('game-amount-PG');
    const total = page.getByTestId('wallet-total');
    await expect(pgAmount).toHaveText(baht(0));

    // The first time the sheet offers the whole wallet; the member moves 300 and plays.
    await page.getByTestId('game-play-PG').click();
    const sheet = page.getByTestId('play-sheet');
    const amount = sheet.getByTestId('play-amount');
    await expect(amount).toHaveValue('1000.00');
    await amount.fill('300');
    const popup = page.waitForEvent('popup');
    await sheet.getByTestId('play-move').click();
    const tab = await popup;
    await tab.waitForURL(/\/games\/PG\/play\?token=/);
    await expect(pgAmount).toHaveText(baht(300));
    await expect(total).toHaveText(baht(1000));

    // In the game the member loses 18.64; the ledger does not know yet.
    await playAtProvider('PG', username, [{ betMinor: 20_00, winMinor: 1_36 }]);
    await tab.close();
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));

    const pgUpdating = page.getByTestId('game-updating-PG');
    await expect(pgUpdating).toHaveText(updating[locale]);
    await expect(page.getByTestId('wallet-last-known')).toContainText(updating[locale]);
    await screenshot(page, `game-return-updating-${locale}`);
    await expect(pgAmount).toHaveText(baht(281.36), { timeout: 5_000 });
    await expect(total).toHaveText(baht(981.36));
    await expect(pgUpdating).toHaveCount(0);
    await expect(page.getByTestId('wallet-last-known')).toHaveCount(0);

    // The sheet now offers the 300 moved last time, not the whole wallet (700).
    await page.getByTestId('game-play-PG').click();
    await expect(amount).toHaveValue('300.00');
    await screenshot(page, `game-return-play-sheet-${locale}`);
  });
}
