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
  readStatementRows,
  signIn,
} from './support/money.ts';
import { screenshot } from './support/screenshot.ts';
import { statementTexts } from './support/statement.ts';

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
    // The registered account, its number masked but for the last 4 digits.
    const maskedNo = `xxx-xxx-${member.bankAccountNo.slice(-4)}`;
    const bank = withdrawModal.getByTestId('withdraw-bank');
    await expect(bank).toContainText(maskedNo);
    await expect(bank).not.toContainText(member.bankAccountNo.slice(0, 3));
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
    // A confirm step shows the amount and where it goes; nothing is sent before its button.
    let withdrawCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/wallet/withdrawAll')) withdrawCalls += 1;
    });
    await withdrawModal.getByTestId('withdraw-submit').click();
    const confirm = withdrawModal.getByTestId('withdraw-confirm');
    await expect(withdrawModal.getByRole('heading')).toHaveText(en.walletFlow.confirmTitle);
    await expect(confirm.getByTestId('withdraw-confirm-amount')).toHaveText(baht(withdrawAmount));
    const confirmBank = confirm.getByTestId('withdraw-confirm-bank');
    await expect(confirmBank).toContainText(maskedNo);
    await expect(confirmBank).toContainText(member.bankAccountName);
    await expect(confirm).toContainText(en.walletFlow.confirmGamesBack);
    await screenshot(page, 'money-4-withdraw-confirm');
    // Back to the form keeps the amount; forward again, then confirm.
    await confirm.getByTestId('withdraw-confirm-back').click();
    await expect(withdrawModal.getByTestId('withdraw-amount')).toHaveValue(String(withdrawAmount));
    await withdrawModal.getByTestId('withdraw-submit').click();
    expect(withdrawCalls).toBe(0);
    await confirm.getByTestId('withdraw-confirm-submit').click();
    await expect(withdrawModal).toBeHidden();
    expect(withdrawCalls).toBe(1);
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
    // Deposits and withdrawals name their channel and the member's bank account by its end (issue 9).
    const bankAccount = `${member.bankCode} ···${member.bankAccountNo.slice(-4)}`;
    const bankTransfer = `${statementTexts('en').statementFlow.channels.bank} · ${bankAccount}`;
    const success = en.statement.status.success;
    const expected = [
      { type: 'withdraw', amount: `-${baht(withdrawAmount)}`, route: bankTransfer },
      // The PG balance withdrawAll brought back before paying out.
      { type: 'transfer', amount: baht(250), route: `${pgName} → ${wallet}` },
      { type: 'transfer', amount: baht(150), route: `${pgName} → ${wallet}` },
      { type: 'transfer', amount: baht(400), route: `${wallet} → ${pgName}` },
      { type: 'deposit', amount: `+${baht(1000)}`, route: bankTransfer },
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

    // The same account on both sides cannot be chosen: the source is not offered as a destination.
    await expect(modal.getByTestId('transfer-to-wallet')).toHaveCount(0);
    await expect(modal.getByTestId('transfer-to-PG')).toBeVisible();
    await screenshot(page, 'money-rules-pickers');

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

    // More than the wallet holds: said under the field before anything is sent (the server would refuse it with
    // the same MONEY_NOT_ENOUGH, checked below).
    let transferCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/wallet/transfer')) transferCalls += 1;
    });
    await amount.fill('50');
    await expect(amount).not.toHaveAttribute('aria-invalid', 'true');
    await submit.click();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(amount).toHaveAccessibleDescription(
      new RegExp(escapeRegExp(en.errors.MONEY_NOT_ENOUGH)),
    );
    expect(transferCalls).toBe(0);
    await screenshot(page, 'money-rules-money-not-enough');
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
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
