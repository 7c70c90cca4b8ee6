import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { Locale } from '@mekong/contracts/constants';
import { expect, test } from './support/fixtures.ts';
import { DEMO, memberBonus } from './support/bonus.ts';
import { baht, creditFromBank, fill, memberMoney, signIn } from './support/money.ts';
import { screenshot } from './support/screenshot.ts';

/**
 * Issue 28 items 1, 2 and 11 against the real server and sandbox, in the phone viewport, in th, la and en: a bonus never
 * locks the member's cash by surprise, the withdraw sheet under a bonus never offers an amount the server refuses,
 * the cancel dialog shows the money at risk and brings the games back first, and the forfeit row is signed and red.
 */

type Texts = {
  bonus: {
    confirmSheet: { lockedNote: string };
    terms: { conditionBaht: { turnover: string } };
    cancelRisk: { inGame: string; confirm: string; bringBackHint: string };
    withdrawLock: { now: string; held: string };
  };
  statement: { forfeit: { cancelled: string; from: string } };
  wallet: { mainWallet: string };
  errors: { BONUS_CLEAR: string };
};
const textsOf = (locale: Locale) =>
  JSON.parse(readFileSync(new URL(`../apps/web/src/locales/${locale}.json`, import.meta.url), 'utf8')) as Texts;

const settle = (page: Page) => page.waitForTimeout(350); // sheet animations
const shot = (page: Page, name: string) => screenshot(page, `bonus-honest-${name}`);

for (const locale of ['th', 'la', 'en'] as Locale[]) {
  const tx = textsOf(locale);

  test.describe(`honest bonus money (${locale})`, () => {
    test('receiving asks first with the three baht figures; then the withdraw sheet offers ฿0.00 and no amount', async ({ page, api, member }) => {
      test.setTimeout(120_000);
      const token = await api.login(member.phone, member.password);
      await creditFromBank(member, 1000);
      await memberMoney(api, token).waitForCash(1000);

      await signIn(page, api, token, '/user/bonus', locale);
      await page.locator(`[data-testid="bonus-card"][data-code="${DEMO.turnoverBonus}"] button`).click();
      const modal = page.getByTestId('bonus-modal');
      // 10 % of 1,000 = 100; start 1,100; 3 × 1,100 of bets, in baht (item 11).
      await expect(modal.getByTestId('bonus-modal-terms')).toContainText(fill(tx.bonus.terms.conditionBaht.turnover, { amount: baht(3300) }));
      await settle(page);
      await shot(page, `${locale}-modal`);
      await modal.getByTestId('bonus-receive').click();

      const confirm = page.getByTestId('bonus-receive-confirm');
      await expect(confirm.getByTestId('bonus-preview-receive')).toHaveText(baht(100));
      await expect(confirm.getByTestId('bonus-preview-target')).toHaveText(baht(3300));
      await expect(confirm.getByTestId('bonus-preview-locked')).toHaveText(baht(1000));
      await expect(confirm.getByTestId('bonus-preview-summary')).toHaveText(fill(tx.bonus.confirmSheet.lockedNote, { locked: baht(1000), target: baht(3300) }));
      // The first tap received nothing.
      expect((await memberBonus(api, token).active()).status).toBe(false);
      await settle(page);
      await shot(page, `${locale}-receive-confirm`);
      await confirm.getByTestId('bonus-receive-confirm-submit').click();
      const alert = page.getByTestId('alert-dialog');
      await expect(alert).toContainText(baht(100));
      await alert.getByRole('button').last().click();
      await expect(page.getByTestId('bonus-active')).toBeVisible();

      await page.goto('/user/home');
      await page.getByTestId('wallet-withdraw').click();
      const withdraw = page.getByTestId('withdraw-modal');
      await expect(withdraw.getByTestId('withdraw-available')).toHaveText(baht(0));
      await expect(withdraw).toContainText(tx.bonus.withdrawLock.now);
      await expect(withdraw.getByTestId('withdraw-bonus-held')).toHaveText(fill(tx.bonus.withdrawLock.held, { amount: baht(1000) }));
      await expect(withdraw.getByTestId('withdraw-bonus-progress')).toContainText(baht(3300));
      await expect(withdraw.getByTestId('withdraw-amount')).toHaveCount(0);
      await expect(withdraw.getByTestId('withdraw-submit')).toHaveCount(0);
      await settle(page);
      await shot(page, `${locale}-withdraw-locked`);
      await withdraw.getByTestId('withdraw-bonus-cancel-link').click();
      await expect(page).toHaveURL(/\/user\/bonus$/);
      await expect(page.getByTestId('bonus-active')).toBeVisible();
    });

    test('the cancel dialog lists the game money at risk, brings it back first, and the statement shows the forfeit signed and red', async ({ page, api, member }) => {
      test.setTimeout(120_000);
      const token = await api.login(member.phone, member.password);
      const money = memberMoney(api, token);
      await creditFromBank(member, 1000);
      await money.waitForCash(1000);
      await memberBonus(api, token).activate(DEMO.turnoverBonus);
      await money.activate('PG');
      // The bonus (100) is spent first: cash 880, PG 220, bonus wallet 0.
      expect((await money.transfer('wallet', 'PG', 220)).status).toBe('SUCCESS');

      await signIn(page, api, token, '/user/bonus', locale);
      await page.getByTestId('bonus-cancel').click();
      const dialog = page.getByTestId('bonus-cancel-dialog');
      const rows = dialog.getByTestId('bonus-cancel-risk-row');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toHaveAttribute('data-key', 'game-PG');
      await expect(rows.first()).toContainText(`-${baht(220)}`);
      await expect(dialog.getByTestId('bonus-cancel-confirm')).toHaveText(fill(tx.bonus.cancelRisk.confirm, { amount: baht(220) }));
      await expect(dialog.getByTestId('bonus-cancel-bring-back-hint')).toContainText(fill(tx.bonus.cancelRisk.bringBackHint, { amount: baht(100) }));
      await settle(page);
      await shot(page, `${locale}-cancel-risk`);

      await dialog.getByTestId('bonus-cancel-bring-back').click();
      // Back in the wallet, a cancel takes the bonus granted alone.
      await expect(dialog.getByTestId('bonus-cancel-confirm')).toHaveText(fill(tx.bonus.cancelRisk.confirm, { amount: baht(100) }));
      await expect(dialog.getByTestId('bonus-cancel-bring-back')).toHaveCount(0);
      await expect.poll(async () => (await money.wallet()).wallet.amount).toBe(1100);
      await settle(page);
      await shot(page, `${locale}-cancel-after-back`);
      await dialog.getByTestId('bonus-cancel-confirm').click();
      await expect(page.getByText(tx.errors.BONUS_CLEAR)).toBeVisible();
      await expect.poll(async () => (await money.wallet()).wallet.amount).toBe(1000);

      await page.goto('/user/statement');
      const forfeit = page.locator('[data-testid="statement-row"][data-type="finish_bonus"]');
      await expect(forfeit).toHaveCount(1);
      await expect(forfeit.getByTestId('statement-amount')).toHaveText(`-${baht(100)}`);
      await expect(forfeit.getByTestId('statement-channel')).toHaveText(
        `${tx.statement.forfeit.cancelled} · ${fill(tx.statement.forfeit.from, { from: tx.wallet.mainWallet })}`,
      );
      const colours = await forfeit.getByTestId('statement-amount').evaluate((el) => {
        const probe = document.createElement('span');
        probe.style.color = 'var(--danger)';
        document.body.append(probe);
        const danger = getComputedStyle(probe).color;
        probe.remove();
        return { amount: getComputedStyle(el).color, danger };
      });
      expect(colours.amount).toBe(colours.danger);
      await forfeit.scrollIntoViewIfNeeded();
      await shot(page, `${locale}-statement-forfeit`);
    });
  });
}
