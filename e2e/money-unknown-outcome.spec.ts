import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { Api, TestMember } from './support/api.ts';
import { makeGiftLink, openDepositModal } from './support/deposit.ts';
import { expect, test } from './support/fixtures.ts';
import { baht, creditFromBank, fill, memberMoney, payoutsTo, signIn } from './support/money.ts';
import { screenshot } from './support/screenshot.ts';

/**
 * Issue 28 item 4 (docs/decisions/0024-unknown-money-outcomes.md): the server answers a money call, the answer is
 * lost on the way back; the app says it is checking, replays the same key and shows the one true result. Only a
 * refusal the server gave is shown as one.
 */
type Texts = {
  moneyCheck: { checking: { title: string; text: string } };
  withdraw: { success: string; failed: string };
  transfer: { success: string; failed: string };
  errors: Record<string, string>;
};
const texts = (locale: 'th' | 'la' | 'en') =>
  JSON.parse(readFileSync(new URL(`../apps/web/src/locales/${locale}.json`, import.meta.url), 'utf8')) as Texts;
const th = texts('th');

/**
 * The first request to `path` reaches the server, which answers it, but the answer never reaches the phone (the
 * connection drops). Later requests pass once `release` is called, so the checking state can be looked at.
 */
async function loseFirstAnswer(page: Page, path: string) {
  const answers: number[] = [];
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${path}`, async (route) => {
    if (answers.length === 0) {
      const answered = await route.fetch();
      answers.push(answered.status());
      await route.abort('connectionreset');
      return;
    }
    await released;
    const answered = await route.fetch();
    answers.push(answered.status());
    await route.fulfill({ response: answered });
  });
  return { answers, release };
}

/** Cash in the wallet: a transfer from the member's bank account, credited by the server's bank feed. */
async function fund(api: Api, token: string, member: TestMember, amount: number) {
  await creditFromBank(member, amount);
  await memberMoney(api, token).waitForCash(amount);
}

async function expectChecking(page: Page, locale: 'th' | 'la' | 'en') {
  const checking = page.getByTestId('money-checking');
  await expect(checking).toBeVisible();
  await expect(checking).toContainText(texts(locale).moneyCheck.checking.title);
  await expect(checking).toContainText(texts(locale).moneyCheck.checking.text);
}

/** Starts a withdrawal of `amount` from the home page and confirms it. */
async function withdraw(page: Page, amount: number) {
  await page.getByTestId('wallet-withdraw').click();
  const modal = page.getByTestId('withdraw-modal');
  await modal.getByTestId('withdraw-amount').fill(String(amount));
  await modal.getByTestId('withdraw-submit').click();
  await modal.getByTestId('withdraw-confirm-submit').click();
  return modal;
}

test.describe('a money answer lost on the way back', () => {
  test.setTimeout(90_000);

  test('withdrawal: checking, then the one true result; paid once, balance right', async ({ page, api, member }) => {
    const token = await api.login(member.phone, member.password);
    await fund(api, token, member, 1000);
    await signIn(page, api, token, '/user/home', 'th');
    await expect(page.getByTestId('wallet-cash')).toHaveText(baht(1000));

    const lost = await loseFirstAnswer(page, '/api/wallet/withdrawAll');
    const modal = await withdraw(page, 500);
    await expectChecking(page, 'th');
    expect(lost.answers).toEqual([200]);
    await expect(modal.getByTestId('withdraw-confirm-submit')).toBeDisabled();
    await expect(page.getByText(th.withdraw.failed)).toHaveCount(0);
    await screenshot(page, 'unknown-outcome-withdraw-checking-th');

    lost.release();
    await expect(page.getByText(fill(th.withdraw.success, { amount: baht(500) }))).toBeVisible();
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('money-checking')).toHaveCount(0);
    await expect(page.getByText(th.withdraw.failed)).toHaveCount(0);
    await expect(page.getByTestId('alert-dialog')).toHaveCount(0);
    expect(lost.answers).toEqual([200, 200]);
    await expect(page.getByTestId('wallet-cash')).toHaveText(baht(500));
    expect((await memberMoney(api, token).wallet()).wallet.amount).toBe(500);
    expect(await payoutsTo(member.bankAccountNo)).toEqual([expect.objectContaining({ amountMinor: 500_00 })]);
  });

  test('transfer to a game: checking, then the one true result; moved once', async ({ page, api, member }) => {
    const token = await api.login(member.phone, member.password);
    const money = memberMoney(api, token);
    await fund(api, token, member, 1000);
    await money.activate('PG');
    await signIn(page, api, token, '/user/home', 'th');
    await expect(page.getByTestId('wallet-cash')).toHaveText(baht(1000));

    const lost = await loseFirstAnswer(page, '/api/wallet/transfer');
    await page.getByTestId('wallet-transfer').click();
    const modal = page.getByTestId('transfer-modal');
    await modal.getByTestId('transfer-from-wallet').click();
    await modal.getByTestId('transfer-to-PG').click();
    await modal.getByTestId('transfer-amount').fill('400');
    await modal.getByTestId('transfer-submit').click();
    await expectChecking(page, 'th');
    await expect(page.getByText(th.transfer.failed)).toHaveCount(0);

    lost.release();
    await expect(page.getByText(fill(th.transfer.success, { amount: baht(400) }))).toBeVisible();
    await expect(modal).toBeHidden();
    await expect(page.getByText(th.transfer.failed)).toHaveCount(0);
    await expect(page.getByTestId('alert-dialog')).toHaveCount(0);
    expect(lost.answers).toEqual([200, 200]);
    await expect(page.getByTestId('game-amount-PG')).toHaveText(baht(400));
    await expect(page.getByTestId('wallet-cash')).toHaveText(baht(600));
    const wallet = await money.wallet();
    expect(wallet.wallet.amount).toBe(600);
    expect(wallet.slots.find((game) => game.code === 'PG')?.amount).toBe(400);
  });

  test('gift link deposit: checking, then credited once (not "already used")', async ({ page, api, member }) => {
    const token = await api.login(member.phone, member.password);
    const link = await makeGiftLink(member.phone, 50);
    await signIn(page, api, token, '/user/home', 'th');
    await expect(page.getByTestId('wallet-cash')).toHaveText(baht(0));

    const lost = await loseFirstAnswer(page, '/api/wallet/truelink');
    const modal = await openDepositModal(page, 'giftLink');
    await modal.getByTestId('truelink-input').fill(link);
    await modal.getByTestId('truelink-submit').click();
    await expectChecking(page, 'th');

    lost.release();
    // The one success sheet every deposit method shows (docs/decisions/0022-one-qr-button.md).
    const success = modal.getByTestId('deposit-success');
    await expect(success).toHaveAttribute('data-status', 'SUCCESS');
    await expect(success.getByTestId('deposit-paid-amount')).toHaveText(`+${baht(50)}`);
    await expect(modal.getByText(th.errors.TRUELINK_DUPLICATE!)).toHaveCount(0);
    expect(lost.answers).toEqual([200, 200]);
    await expect(page.getByTestId('wallet-cash')).toHaveText(baht(50));
    expect((await memberMoney(api, token).wallet()).wallet.amount).toBe(50);
  });

  test('a refusal the server gave is shown as the refusal', async ({ page, api, member }) => {
    const token = await api.login(member.phone, member.password);
    const link = await makeGiftLink(member.phone, 1.99);
    await signIn(page, api, token, '/user/home', 'th');

    const lost = await loseFirstAnswer(page, '/api/wallet/truelink');
    lost.release();
    const modal = await openDepositModal(page, 'giftLink');
    await modal.getByTestId('truelink-input').fill(link);
    await modal.getByTestId('truelink-submit').click();
    await expect(modal.getByText(th.errors.TRUELINK_MINIMUM!)).toBeVisible();
    expect(lost.answers).toEqual([400, 400]);
    await expect(page.getByTestId('money-checking')).toHaveCount(0);
    expect((await memberMoney(api, token).wallet()).wallet.amount).toBe(0);
  });

  for (const locale of ['la', 'en'] as const) {
    test(`the checking state in ${locale}`, async ({ page, api, member }) => {
      const token = await api.login(member.phone, member.password);
      await fund(api, token, member, 1000);
      await signIn(page, api, token, '/user/home', locale);
      await expect(page.getByTestId('wallet-cash')).toHaveText(baht(1000));

      const lost = await loseFirstAnswer(page, '/api/wallet/withdrawAll');
      await withdraw(page, 300);
      await expectChecking(page, locale);
      await expect(page.getByText(texts(locale).withdraw.failed)).toHaveCount(0);
      await screenshot(page, `unknown-outcome-withdraw-checking-${locale}`);
      lost.release();
      await expect(page.getByText(fill(texts(locale).withdraw.success, { amount: baht(300) }))).toBeVisible();
      await expect(page.getByTestId('wallet-cash')).toHaveText(baht(700));
    });
  }
});
