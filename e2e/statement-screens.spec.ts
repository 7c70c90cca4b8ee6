/// <reference lib="dom" />
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { Locale } from '@mekong/contracts/constants';
import type { StatementEntry } from '@mekong/contracts/statement';
import { expect, test } from './support/fixtures.ts';
import { memberMoney } from './support/money.ts';
import { screenshot } from './support/screenshot.ts';
import { SERVER_URL } from './support/urls.ts';
import { qrBankAndGameMoves, signInAs, statementTexts } from './support/statement.ts';

/** The suite's phone, but set to UTC: day headers and times must still be Bangkok's (docs/design.md#player-time). */
const PHONE = {
  baseURL: SERVER_URL,
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
  timezoneId: 'UTC',
};

const SCRIPT: Record<Locale, RegExp> = {
  th: /[\u0E00-\u0E7F]/,
  la: /[\u0E80-\u0EFF]/,
  en: /^[\x20-\x7E]+$/,
};

/**
 * Rows made in one run are all of today; for a picture of several days, older rows are moved back a day or three in
 * the answer the page receives (the layout under test is the page's, the dates are the only change).
 */
async function spreadOverDays(page: Page) {
  await page.route('**/api/statement', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { total: number; statements: StatementEntry[] };
    const back = (iso: string, days: number) =>
      new Date(Date.parse(iso) - days * 86_400_000).toISOString();
    body.statements = body.statements.map((s, i) => ({
      ...s,
      createdAt: i < 2 ? s.createdAt : back(s.createdAt, i < 4 ? 1 : 3),
    }));
    await route.fulfill({ response, json: body });
  });
}

test.describe('statement screens in th, la and en (review pictures)', () => {
  test('loaded by day, filtered, empty, failed, the receipt sheet and its image, in each language', async ({
    browser,
    api,
    member,
  }) => {
    test.setTimeout(240_000);
    const token = await api.login(member.phone, member.password);
    await qrBankAndGameMoves(api, member, token);
    const money = memberMoney(api, token);
    expect((await money.transfer('PG', 'wallet', 100)).status).toBe('SUCCESS');
    expect((await money.withdraw(300)).status).toBe(200);
    const newcomer = await api.registerMember();
    const newcomerToken = await api.login(newcomer.phone, newcomer.password);

    for (const locale of ['th', 'la', 'en'] as const) {
      const texts = statementTexts(locale);
      const context = await browser.newContext({ ...PHONE, acceptDownloads: true });
      const page = await context.newPage();
      await spreadOverDays(page);
      await signInAs(page, api, token, locale, '/user/statement');
      const rows = page.getByTestId('statement-row');
      await expect(rows).toHaveCount(5);
      await expect(page.getByTestId('statement-day')).toHaveCount(3);
      await expect(page.getByTestId('statement-day-name').first()).toHaveText(texts.dates.today);
      // Time-ago and day names from the app's own texts: this Chromium's Intl has no Lao.
      for (const ago of await page.getByTestId('statement-ago').allInnerTexts())
        expect(ago, `${locale} time-ago`).toMatch(SCRIPT[locale]);
      for (const day of await page.getByTestId('statement-day-name').allInnerTexts())
        expect(day, `${locale} day name`).toMatch(SCRIPT[locale]);
      await screenshot(page, `statement-${locale}-1-by-day`, { fullPage: true });

      await page.getByTestId('statement-filter-deposit').click();
      await expect(rows).toHaveCount(2);
      await screenshot(page, `statement-${locale}-2-filter-deposit`);
      await page.getByTestId('statement-filter-bonus').click();
      await expect(page.getByTestId('statement-empty')).toBeVisible();
      await screenshot(page, `statement-${locale}-3-filter-empty`);
      await page.getByTestId('statement-show-all').click();
      await expect(rows).toHaveCount(5);

      // The bank deposit's receipt, and the image it saves.
      await rows
        .and(page.locator('[data-channel="bank"][data-type="deposit"]'))
        .getByTestId('statement-open')
        .click();
      const sheet = page.getByTestId('statement-detail');
      await expect(sheet).toBeVisible();
      await screenshot(page, `statement-${locale}-4-detail`);
      const download = page.waitForEvent('download');
      await sheet.getByTestId('receipt-save').click();
      await (
        await download
      ).saveAs(join(process.cwd(), 'screenshots', `statement-${locale}-5-receipt.png`));
      await page.keyboard.press('Escape');
      await rows.and(page.locator('[data-type="withdraw"]')).getByTestId('statement-open').click();
      await expect(sheet).toBeVisible();
      await screenshot(page, `statement-${locale}-6-detail-withdraw`);
      await context.close();

      // A member with nothing yet, and a statement that could not be loaded.
      const other = await browser.newContext(PHONE);
      const empty = await other.newPage();
      await signInAs(empty, api, newcomerToken, locale, '/user/statement');
      await expect(empty.getByTestId('statement-empty')).toContainText(texts.statement.empty);
      await screenshot(empty, `statement-${locale}-7-empty`);
      await empty.route('**/api/statement', (route) =>
        route.fulfill({ status: 500, json: { message: 'INTERNAL_SERVER_ERROR' } }),
      );
      await empty.reload();
      await expect(empty.getByTestId('statement-failed')).toContainText(
        texts.statementFlow.loadFailed,
      );
      await screenshot(empty, `statement-${locale}-8-failed`);
      await other.close();
    }
  });
});
