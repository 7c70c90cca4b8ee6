/// <reference lib="dom" />
import { expect, test } from './support/fixtures.ts';
import {
  baht,
  creditFromBank,
  en,
  fill,
  memberMoney,
  playAtProvider,
  providerAccount,
  signIn,
} from './support/money.ts';
import { screenshot } from './support/screenshot.ts';

test.describe('game accounts on the home page', () => {
  test.describe('slot account modal', () => {
    test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

    test('shows the credentials, copies them with a toast, and resets the password', async ({
      page,
      api,
      member,
    }) => {
      const token = await api.login(member.phone, member.password);
      const money = memberMoney(api, token);
      await money.activate('PG');
      const account = await money.account('PG');
      const pgName = (await money.wallet()).slots.find((g) => g.code === 'PG')!.name;
      await signIn(page, api, token);

      await page
        .getByTestId('game-PG')
        .getByRole('button', { name: fill(en.games.open, { name: pgName, amount: baht(0) }) })
        .click();
      const modal = page.getByTestId('slot-account-modal');
      await expect(modal).toBeVisible();
      await expect(modal.getByRole('heading')).toHaveText(pgName);
      await expect(modal.getByTestId('slot-account-amount')).toHaveText(baht(0));
      await expect(modal.getByTestId('slot-account-username')).toHaveText(account.username);
      // The password is masked until revealed.
      const password = modal.getByTestId('slot-account-password');
      await expect(password).not.toContainText(account.password);
      await expect(password).toHaveText('••••••••');
      // The credentials are the provider's own.
      expect((await providerAccount('PG', account.username))?.password).toBe(account.password);

      await modal.getByTestId('slot-account-username-copy').click();
      await expect(
        page.getByText(fill(en.common.copied, { text: account.username })),
      ).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(account.username);
      // Copy gives the real password even while it is masked.
      await modal.getByTestId('slot-account-password-copy').click();
      await expect(
        page.getByText(fill(en.common.copied, { text: account.password })),
      ).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(account.password);
      const reveal = modal.getByTestId('slot-account-password-reveal');
      await expect(reveal).toHaveAttribute('aria-pressed', 'false');
      await reveal.click();
      await expect(reveal).toHaveAttribute('aria-pressed', 'true');
      await expect(reveal).toHaveAccessibleName(en.common.hidePassword);
      await expect(password).toHaveText(account.password);
      await screenshot(page, 'money-slot-account-copied');

      await modal.getByTestId('slot-account-reset').click();
      await expect(page.getByText(en.slotAccount.passwordReset)).toBeVisible();
      await expect(modal.getByTestId('slot-account-password')).not.toHaveText(account.password);
      const renewed = await money.account('PG');
      expect(renewed.username).toBe(account.username);
      expect(renewed.password).not.toBe(account.password);
      await expect(modal.getByTestId('slot-account-password')).toHaveText(renewed.password);
      expect((await providerAccount('PG', account.username))?.password).toBe(renewed.password);
      await screenshot(page, 'money-slot-account-reset');

      // PG has auto-login: it opens the provider's game with the account.
      await expect(modal.getByTestId('slot-account-play-web')).toHaveAttribute('href', /.+/);
      const popup = page.waitForEvent('popup');
      await modal.getByTestId('slot-account-auto-login').click();
      const tab = await popup;
      await tab.waitForURL(/\/games\/PG\/play\?token=/);
      await tab.close();
    });
  });

  test('a game win at the provider shows after refresh as a new game balance and total', async ({
    page,
    api,
    member,
  }) => {
    const token = await api.login(member.phone, member.password);
    const money = memberMoney(api, token);
    await creditFromBank(member, 1000);
    await money.waitForCash(1000);
    await money.activate('PG');
    await money.transfer('wallet', 'PG', 200);
    const { username } = await money.account('PG');
    await signIn(page, api, token);

    const pgAmount = page.getByTestId('game-amount-PG');
    const total = page.getByTestId('wallet-total');
    const cash = page.getByTestId('wallet-cash');
    await expect(pgAmount).toHaveText(baht(200));
    await expect(total).toHaveText(baht(1000));

    // A win: bet 50, win 150 → the provider holds 300.
    const played = await playAtProvider('PG', username, [{ betMinor: 5000, winMinor: 15000 }]);
    expect(played).toMatchObject({ balanceBeforeMinor: 20000, balanceMinor: 30000 });
    await expect(pgAmount).toHaveText(baht(200));
    const refreshed = page.waitForResponse(
      (res) => res.url().endsWith('/api/wallet/refresh/slot') && res.status() === 200,
    );
    await page.getByTestId('wallet-refresh').click();
    await refreshed;
    await expect(pgAmount).toHaveText(baht(300));
    await expect(total).toHaveText(baht(1100));
    await expect(cash).toHaveText(baht(800));
    await screenshot(page, 'money-game-win');

    // A loss, seen through the action drawer's balance-refresh tile. The demo wheel is on, and the drawer shows the
    // refresh tile only when it is off (docs/spec.md §2), so the page is told the wheel is off.
    await playAtProvider('PG', username, [{ betMinor: 12000, winMinor: 0 }]);
    await page.route('**/api/spinwheel/active', (route) => route.fulfill({ json: { isActive: false } }));
    await page.getByTestId('plus-button').click();
    const drawer = page.getByTestId('action-drawer');
    await expect(drawer.getByTestId('action-refresh-total')).toHaveText(baht(1100));
    await drawer.getByTestId('action-refresh').click();
    await expect(drawer.getByTestId('action-refresh-total')).toHaveText(baht(980));
    await screenshot(page, 'money-game-loss-drawer');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(pgAmount).toHaveText(baht(180));
    await expect(total).toHaveText(baht(980));

    // Everything back to the wallet in one tap (POST /api/wallet/transferAll).
    await page.getByTestId('game-transfer-PG').click();
    const transferModal = page.getByTestId('transfer-modal');
    await expect(transferModal.getByTestId('transfer-to-PG')).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await transferModal.getByTestId('transfer-all-to-wallet').click();
    await expect(transferModal).toBeHidden();
    await expect(page.getByText(fill(en.transfer.allDone, { amount: baht(180) }))).toBeVisible();
    await expect(pgAmount).toHaveText(baht(0));
    await expect(cash).toHaveText(baht(980));
    await expect(total).toHaveText(baht(980));
    expect((await providerAccount('PG', username))?.balanceMinor).toBe(0);

    // Wins and losses are play inside the game, not movements: the statement keeps the deposit and the transfers.
    const statement = await money.statement(1);
    expect(statement.statements.map((e) => [e.statementType, e.amount])).toEqual([
      ['transfer', 180],
      ['transfer', 200],
      ['deposit', 1000],
    ]);
  });
});
