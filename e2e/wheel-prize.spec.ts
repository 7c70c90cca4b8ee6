/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import type { Coupon } from '@mekong/contracts/spinwheel';
import { expect, test } from './support/fixtures.ts';
import { baht, creditFromBank, fill, memberMoney, playThrough, signIn } from './support/money.ts';
import { screenshot } from './support/screenshot.ts';

/**
 * Issue 28 item 5: a wheel prize is money only when it is (docs/decisions/0023-prize-claim-and-game-return.md). The
 * win dialog of a cash prize never says the money arrived before it did, receives it in one tap with no confirmation,
 * says its withdrawal condition in baht, and shows no coupon code.
 */

type Locale = 'th' | 'la' | 'en';
type PrizeTexts = { spin: { prize: Record<'cashToReceive' | 'cashReceived' | 'receive' | 'turnover' | 'turnoverFixed', string> } };
const texts = Object.fromEntries(
  (['th', 'la', 'en'] as const).map((locale) => [
    locale,
    JSON.parse(readFileSync(new URL(`../apps/web/src/locales/${locale}.json`, import.meta.url), 'utf8')) as PrizeTexts,
  ]),
) as Record<Locale, PrizeTexts>;

type SpinAnswer = { coupon: Coupon | null };

for (const locale of ['th', 'la', 'en'] as const) {
  test(`a cash prize is in the wallet after one tap, and the dialog says so only then (${locale})`, async ({ page, api, member }) => {
    test.setTimeout(150_000);
    const token = await api.login(member.phone, member.password);
    const money = memberMoney(api, token);
    // 1,000 baht at the demo coin price of 100: 10 coins, which arrive once the deposit is played.
    await creditFromBank(member, 1000);
    await money.waitForCash(1000);
    await playThrough(api, token, 1000);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(page, api, token, '/user/home', locale);
    const words = texts[locale].spin.prize;

    await page.getByTestId('plus-button').click();
    await page.getByTestId('action-spin').click();
    const modal = page.getByTestId('spin-modal');
    await expect(modal.getByTestId('spin-coins')).toHaveAttribute('data-coins', '10');

    // Spin until a cash prize (P(none in 10) < 0.1 %); other prizes are closed as they come.
    const prize = page.getByTestId('prize-modal');
    let won: Coupon | null = null;
    for (let left = 10; left > 0 && !won; left -= 1) {
      const answer = page.waitForResponse((res) => res.url().endsWith('/api/spinwheel/spin'));
      await modal.getByTestId('spin-button').click();
      const spun = (await (await answer).json()) as SpinAnswer;
      await expect(prize).toBeVisible();
      if (spun.coupon?.prizeKind === 'cash') won = spun.coupon;
      else {
        await prize.getByTestId('prize-close').click();
        await expect(modal.getByTestId('spin-coins')).toHaveAttribute('data-coins', String(left - 1));
      }
    }
    expect(won).not.toBeNull();
    const coupon = won!;
    const amount = baht(coupon.amount);

    // Not money yet, and the dialog says so; no internal code anywhere on the page.
    await expect(prize.getByTestId('prize-status')).toHaveText(fill(words.cashToReceive, { amount }));
    await expect(prize).not.toContainText(fill(words.cashReceived, { amount }));
    await expect(prize.getByTestId('prize-claim')).toHaveText(fill(words.receive, { amount }));
    if (coupon.turnover > 0)
      await expect(prize.getByTestId('prize-turnover')).toHaveText(fill(words.turnover, { turnover: baht(coupon.turnover) }));
    expect(await page.evaluate(() => document.body.innerText)).not.toContain(coupon.coupon);
    await screenshot(page, `wheel-prize-unclaimed-${locale}`);

    // One tap: the money is in the wallet, then the dialog says it is.
    const cashBefore = (await money.wallet()).wallet.amount;
    await prize.getByTestId('prize-claim').click();
    await expect(prize.getByTestId('prize-status')).toHaveText(fill(words.cashReceived, { amount }));
    await expect(page.getByTestId('claim-modal')).toHaveCount(0);
    expect((await money.wallet()).wallet.amount).toBe(cashBefore + coupon.amount);
    if (coupon.turnover > 0)
      await expect(prize.getByTestId('prize-turnover')).toHaveText(fill(words.turnoverFixed, { turnover: baht(coupon.turnover) }));
    expect(await page.evaluate(() => document.body.innerText)).not.toContain(coupon.coupon);
    await screenshot(page, `wheel-prize-received-${locale}`);

    await prize.getByTestId('prize-close').click();
    await expect(modal.locator(`[data-testid="coupon-row"][data-coupon="${coupon.coupon}"]`)).toHaveAttribute('data-status', 'claimed');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('wallet-cash')).toHaveText(baht(cashBefore + coupon.amount));
  });
}
