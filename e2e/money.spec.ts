/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import {
  baht,
  creditFromBank,
  DATE_TIME,
  en,
  fill,
  memberMoney,
  payoutsTo,
  playAtProvider,
  providerAccount,
  readStatementRows,
  signIn,
} from './support/money.ts';
import { screenshot } from './support/screenshot.ts';

/** Time-ago of something done during the test: under a minute ("just now") or a few minutes. */
const RECENT = /^(just now|\d+ minutes? ago)$/;

/**
 * Taps the wallet card's refresh button, as a player waiting for money would, until `locator` reads `text`.
 * Deposits are credited by the server's bank-feed job, which runs on an interval (10 s by default).
 */
async function refreshUntil(page: Page, locator: Locator, text: string, timeout = 40_000) {
  await expect(async () => {
    await page.getByTestId('wallet-refresh').click();
    await expect(page.getByTestId('wallet-refresh')).toBeEnabled();
    await expect(locator).toHaveText(text, { timeout: 500 });
  }).toPass({ timeout, intervals: [500, 1000] });
}

test.describe('money on the home page', () => {
  test('top up, activate PG, move money in and back, withdraw, then find every movement in the statement', async ({
    page,
    api,
    member,
  }) => {
    test.setTimeout(90_000);
    const token = await api.login(member.phone, member.password);
    const money = memberMoney(api, token);
    const limits = await api.get<{ withdrawMin: number; withdrawMax: number }>(
      '/api/lookup/withdraw',
    );
    const withdrawAmount = 300;
    expect(withdrawAmount).toBeGreaterThanOrEqual(limits.withdrawMin);
    expect(withdrawAmount).toBeLessThanOrEqual(limits.withdrawMax);
    const pg = (await money.wallet()).slots.find((g) => g.code === 'PG');
    expect(pg).toMatchObject({ isActive: false, category: 'slot' });
    const pgName = pg!.name;

    const cash = page.getByTestId('wallet-cash');
    const total = page.getByTestId('wallet-total');
    const pgAmount = page.getByTestId('game-amount-PG');

    // 1. Money in: a transfer from the member's registered bank account, credited by the server's bank feed.
    await signIn(page, api, token);
    await expect(page.getByTestId('wallet-card')).toBeVisible();
    await creditFromBank(member, 1000);
    await refreshUntil(page, cash, baht(1000));
    await expect(total).toHaveText(baht(1000));
    await expect(page.getByTestId('wallet-bonus')).toHaveText(baht(0));
    await expect(page.getByTestId('wallet-last-sync')).toContainText(
      fill(en.drawer.lastSync, { time: '' }).trim(),
    );
    expect(
      (await page.getByTestId('wallet-last-sync').locator('.sync-time__date').innerText()).replace(
        fill(en.drawer.lastSync, { time: '' }),
        '',
      ),
    ).toMatch(DATE_TIME);
    await screenshot(page, 'money-1-deposit');

    // 2. Activate PG from its card: the account modal opens with the new account.
    await expect(page.getByTestId('game-PG')).toContainText(pgName);
    await page.getByTestId('activate-PG').click();
    await expect(page.getByText(fill(en.games.activated, { name: pgName }))).toBeVisible();
    const slotModal = page.getByTestId('slot-account-modal');
    await expect(slotModal).toBeVisible();
    await expect(slotModal.getByTestId('slot-account-username')).not.toBeEmpty();
    await page.keyboard.press('Escape');
    await expect(slotModal).toBeHidden();
    await expect(pgAmount).toHaveText(baht(0));

    // 3. Wallet → PG through the transfer modal: cash down, game up, total unchanged.
    await page.getByTestId('wallet-transfer').click();
    const transferModal = page.getByTestId('transfer-modal');
    await expect(transferModal).toBeVisible();
    await expect(transferModal.getByTestId('transfer-from-wallet')).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(transferModal.getByTestId('transfer-from-wallet')).toContainText(baht(1000));
    await expect(transferModal.getByTestId('transfer-to-PG')).toContainText(baht(0));
    await transferModal.getByTestId('transfer-to-PG').click();
    await expect(transferModal.getByTestId('transfer-to-PG')).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await transferModal.getByTestId('transfer-fill-all').click();
    await expect(transferModal.getByTestId('transfer-amount')).toHaveValue('1000.00');
    await transferModal.getByTestId('transfer-amount').fill('400');
    await screenshot(page, 'money-2-transfer-in');
    await transferModal.getByTestId('transfer-submit').click();
    await expect(transferModal).toBeHidden();
    await expect(page.getByText(fill(en.transfer.success, { amount: baht(400) }))).toBeVisible();
    await expect(pgAmount).toHaveText(baht(400));
    await expect(cash).toHaveText(baht(600));
    await expect(total).toHaveText(baht(1000));
    await screenshot(page, 'money-3-after-transfer-in', { fullPage: true });

    // 4. Part of it back, PG → wallet, through the action drawer's transfer tile.
    await page.getByTestId('plus-button').click();
    await page.getByTestId('action-drawer').getByTestId('action-transfer').click();
    await expect(transferModal).toBeVisible();
    await transferModal.getByTestId('transfer-from-PG').click();
    await expect(transferModal.getByTestId('transfer-from-PG')).toContainText(baht(400));
    await transferModal.getByTestId('transfer-to-wallet').click();
    await transferModal.getByTestId('transfer-amount').fill('150');
    // Page scroll is locked under a modal (docs/spec.md §2).
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    // Hold the answer: the button shows it is busy (after the spec's 200 ms) until the answer arrives.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/wallet/transfer', async (route) => {
      await released;
      await route.continue();
    });
    await transferModal.getByTestId('transfer-submit').click();
    await expect(transferModal.getByTestId('transfer-submit')).toHaveAttribute('aria-busy', 'true');
    await expect(transferModal.getByTestId('transfer-submit')).toBeDisabled();
    release();
    await expect(transferModal).toBeHidden();
    await page.unroute('**/api/wallet/transfer');
    await expect(page.getByText(fill(en.transfer.success, { amount: baht(150) }))).toBeVisible();
    await expect(pgAmount).toHaveText(baht(250));
    await expect(cash).toHaveText(baht(750));
    await expect(total).toHaveText(baht(1000));

    // 5. Withdraw: the modal offers wallet + games (1,000) and pays the registered account; withdrawAll first brings
    // the PG balance back to the wallet (D7), so afterwards PG is empty.
    await page.getByTestId('wallet-withdraw').click();
    const withdrawModal = page.getByTestId('withdraw-modal');
    await expect(withdrawModal).toBeVisible();
    await expect(withdrawModal.getByTestId('withdraw-available')).toHaveText(baht(1000));
    const bank = withdrawModal.getByTestId('withdraw-bank');
    await expect(bank).toContainText(
      member.bankAccountNo.replace(/^(\d{3})(\d{3})(\d{4})$/, '$1-$2-$3'),
    );
    await expect(bank).toContainText(member.bankAccountName);
    await expect(withdrawModal.getByTestId('withdraw-bonus-notice')).toHaveCount(0);
    await expect(withdrawModal.getByTestId('withdraw-amount')).toHaveAccessibleDescription(
      fill(en.withdraw.limits, {
        min: baht(limits.withdrawMin),
        max: baht(limits.withdrawMax),
      }),
    );
    await withdrawModal.getByTestId('withdraw-fill-all').click();
    await expect(withdrawModal.getByTestId('withdraw-amount')).toHaveValue('1000.00');
    await withdrawModal.getByTestId('withdraw-amount').fill(String(withdrawAmount));
    await screenshot(page, 'money-4-withdraw');
    await withdrawModal.getByTestId('withdraw-submit').click();
    await expect(withdrawModal).toBeHidden();
    await expect(
      page.getByText(fill(en.withdraw.success, { amount: baht(withdrawAmount) })),
    ).toBeVisible();
    await expect(cash).toHaveText(baht(700));
    await expect(pgAmount).toHaveText(baht(0));
    await expect(total).toHaveText(baht(700));
    // The sandbox bank received the payout for the registered account.
    const payouts = await payoutsTo(member.bankAccountNo);
    expect(payouts).toEqual([
      expect.objectContaining({
        amountMinor: withdrawAmount * 100,
        bankCode: member.bankCode,
        status: 'success',
      }),
    ]);

    // 6. The statement, newest first: each movement with its sign, status, date and time-ago.
    await page
      .getByRole('navigation', { name: en.nav.main })
      .getByRole('link', { name: en.nav.statement })
      .click();
    await expect(page).toHaveURL(/\/user\/statement$/);
    await expect(page.getByTestId('statement-row')).toHaveCount(5);
    await screenshot(page, 'money-5-statement', { fullPage: true });
    const rows = await readStatementRows(page);
    const wallet = en.wallet.mainWallet;
    const bankName = en.statement.accounts.bank!;
    const success = en.statement.status.success;
    const expected = [
      { type: 'withdraw', amount: `-${baht(withdrawAmount)}`, route: `${wallet} → ${bankName}` },
      // The PG balance withdrawAll brought back before paying out.
      { type: 'transfer', amount: baht(250), route: `${pgName} → ${wallet}` },
      { type: 'transfer', amount: baht(150), route: `${pgName} → ${wallet}` },
      { type: 'transfer', amount: baht(400), route: `${wallet} → ${pgName}` },
      { type: 'deposit', amount: `+${baht(1000)}`, route: `${bankName} → ${wallet}` },
    ] as const;
    expect(
      rows.map((r) => ({ type: r.type, status: r.status, amount: r.amount, text: r.text })),
    ).toEqual(
      expected.map((e) => ({
        type: e.type,
        status: 'SUCCESS',
        amount: e.amount,
        text: expect.stringContaining(e.route),
      })),
    );
    for (const [i, row] of rows.entries()) {
      expect(row.activity).toBe(en.statement.types[expected[i]!.type]);
      expect(row.statusText).toBe(success);
      expect(row.date).toMatch(DATE_TIME);
      expect(row.ago).toMatch(RECENT);
    }
    // Newest first by date as well.
    const dates = rows.map((r) => r.date.replace(/^(\d\d)\/(\d\d)\/(\d{4}) /, '$3-$2-$1 '));
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  test('the transfer and withdraw modals refuse what docs/spec.md §5 refuses, with its message', async ({
    page,
    api,
    member,
  }) => {
    const token = await api.login(member.phone, member.password);
    const money = memberMoney(api, token);
    await money.activate('PG');
    const limits = await api.get<{ withdrawMin: number; withdrawMax: number }>(
      '/api/lookup/withdraw',
    );
    await signIn(page, api, token);
    await expect(page.getByTestId('game-amount-PG')).toHaveText(baht(0));

    await page.getByTestId('wallet-transfer').click();
    const modal = page.getByTestId('transfer-modal');
    const error = modal.getByTestId('transfer-error');
    const amount = modal.getByTestId('transfer-amount');
    const submit = modal.getByTestId('transfer-submit');
    await expect(modal).toBeVisible();

    // Nothing chosen on one side.
    await modal.getByTestId('transfer-from-none').click();
    await expect(modal.getByTestId('transfer-from-none')).toHaveAttribute('aria-checked', 'true');
    await expect(modal.getByTestId('transfer-to-none')).toHaveAttribute('aria-checked', 'true');
    await amount.fill('10');
    await submit.click();
    await expect(error).toHaveText(en.transfer.selectAccount);
    await expect(error).toHaveAttribute('role', 'alert');
    await modal.getByTestId('transfer-from-wallet').click();
    await expect(error).toBeHidden();
    await submit.click();
    await expect(error).toHaveText(en.transfer.selectAccount);

    // The same account on both sides.
    await modal.getByTestId('transfer-to-wallet').click();
    await submit.click();
    await expect(error).toHaveText(en.transfer.sameAccount);
    await screenshot(page, 'money-rules-same-account');

    // Into a game, never 0 or less (TRANSFER_MINIMUM); below 1 baht, the minimum message.
    await modal.getByTestId('transfer-to-PG').click();
    await amount.fill('0');
    await submit.click();
    await expect(error).toBeHidden();
    await expect(amount).toHaveAccessibleDescription(
      new RegExp(escapeRegExp(en.errors.TRANSFER_MINIMUM)),
    );
    await amount.fill('0.5');
    await submit.click();
    await expect(error).toBeHidden();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(amount).toHaveAccessibleDescription(new RegExp(escapeRegExp(en.transfer.minimum)));

    // More than the wallet holds: the server's MONEY_NOT_ENOUGH, translated, in an error dialog.
    await amount.fill('50');
    await expect(amount).not.toHaveAttribute('aria-invalid', 'true');
    await submit.click();
    const dialog = page.getByTestId('alert-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('role', 'alertdialog');
    await expect(dialog).toContainText(en.transfer.failed);
    await expect(dialog).toContainText(en.errors.MONEY_NOT_ENOUGH);
    await screenshot(page, 'money-rules-money-not-enough');
    await dialog.getByRole('button', { name: en.common.ok }).click();
    await expect(dialog).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();

    // Withdraw below the minimum and above the maximum of GET /api/lookup/withdraw.
    await page.getByTestId('plus-button').click();
    await page.getByTestId('action-drawer').getByTestId('action-withdraw').click();
    const withdraw = page.getByTestId('withdraw-modal');
    const withdrawAmount = withdraw.getByTestId('withdraw-amount');
    await expect(withdraw).toBeVisible();
    await expect(withdraw.getByTestId('withdraw-available')).toHaveText(baht(0));
    await withdrawAmount.fill((limits.withdrawMin - 0.01).toFixed(2));
    await withdraw.getByTestId('withdraw-submit').click();
    await expect(withdrawAmount).toHaveAccessibleDescription(
      new RegExp(escapeRegExp(en.errors.WITHDRAW_MINIMUM)),
    );
    await withdrawAmount.fill((limits.withdrawMax + 0.01).toFixed(2));
    await expect(withdrawAmount).not.toHaveAttribute('aria-invalid', 'true');
    await withdraw.getByTestId('withdraw-submit').click();
    await expect(withdrawAmount).toHaveAccessibleDescription(
      new RegExp(escapeRegExp(en.errors.WITHDRAW_MAXIMUM)),
    );
    await screenshot(page, 'money-rules-withdraw-max');

    // Nothing moved.
    const after = await money.wallet();
    expect(after.wallet.amount).toBe(0);
    expect((await money.statement(1)).total).toBe(0);
  });

  test('the server enforces the same rules with its message codes', async ({ api, member }) => {
    const token = await api.login(member.phone, member.password);
    await memberMoney(api, token).activate('PG');
    const limits = await api.get<{ withdrawMin: number; withdrawMax: number }>(
      '/api/lookup/withdraw',
    );
    const key = () => ({ 'idempotency-key': randomUUID() });
    const transfer = (body: unknown) =>
      api.call('POST', '/api/wallet/transfer', { body, token, headers: key() });
    const withdraw = (amount: number) =>
      api.call('POST', '/api/wallet/withdrawAll', { body: { amount }, token, headers: key() });

    expect(await transfer({ from: 'wallet', to: 'wallet', amount: 10 })).toMatchObject({
      status: 400,
      body: { message: 'TRANSFER_SAME_ACCOUNT' },
    });
    expect((await transfer({ from: 'wallet', to: 'PG', amount: 0.5 })).body).toEqual({
      message: 'TRANSFER_MINIMUM',
    });
    expect((await transfer({ from: 'wallet', to: 'PG', amount: 50 })).body).toEqual({
      message: 'MONEY_NOT_ENOUGH',
    });
    expect((await transfer({ from: 'wallet', to: 'NOPE', amount: 50 })).body).toEqual({
      message: 'NO_GAME',
    });
    expect((await withdraw(limits.withdrawMin - 0.01)).body).toEqual({
      message: 'WITHDRAW_MINIMUM',
    });
    expect((await withdraw(limits.withdrawMax + 0.01)).body).toEqual({
      message: 'WITHDRAW_MAXIMUM',
    });
    expect(
      (
        await api.call('POST', '/api/wallet/transfer', {
          body: { from: 'wallet', to: 'PG', amount: 10 },
          token,
        })
      ).body,
    ).toEqual({ message: 'KEY_MISSING' });
  });

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
      await expect(modal.getByTestId('slot-account-password')).toHaveText(account.password);
      // The credentials are the provider's own.
      expect((await providerAccount('PG', account.username))?.password).toBe(account.password);

      await modal.getByTestId('slot-account-username-copy').click();
      await expect(
        page.getByText(fill(en.common.copied, { text: account.username })),
      ).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(account.username);
      await modal.getByTestId('slot-account-password-copy').click();
      await expect(
        page.getByText(fill(en.common.copied, { text: account.password })),
      ).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(account.password);
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

    // A loss, seen through the action drawer's balance-refresh tile.
    await playAtProvider('PG', username, [{ betMinor: 12000, winMinor: 0 }]);
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

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
