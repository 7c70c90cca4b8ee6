/// <reference lib="dom" />
import type { StatementEntry } from '@mekong/contracts/statement';
import { expect, test } from './support/fixtures.ts';
import {
  baht,
  creditFromBank,
  DATE_TIME,
  en,
  memberMoney,
  readStatementRows,
  signIn,
} from './support/money.ts';
import { screenshot } from './support/screenshot.ts';
import { statementTexts } from './support/statement.ts';

const texts = statementTexts('en');

/** The amount as docs/spec.md §9 signs it: deposit and bonus "+", withdraw "-", others none; 2 decimals. */
function signed(entry: StatementEntry): string {
  const sign =
    entry.statementType === 'deposit' || entry.statementType === 'bonus'
      ? '+'
      : entry.statementType === 'withdraw'
        ? '-'
        : '';
  return `${sign}${baht(entry.amount)}`;
}

test.describe('statement', () => {
  test('a failed load shows the error state, never "no transactions yet", and its retry loads the rows', async ({
    page,
    api,
    member,
  }) => {
    const token = await api.login(member.phone, member.password);
    const money = memberMoney(api, token);
    await creditFromBank(member, 250);
    await money.waitForCash(250);

    let failures = 0;
    await page.route('**/api/statement', async (route) => {
      failures += 1;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'INTERNAL_SERVER_ERROR' }),
      });
    });
    await signIn(page, api, token, '/user/statement');
    const failed = page.getByTestId('statement-failed');
    await expect(failed).toBeVisible();
    await expect(failed).toHaveAttribute('role', 'alert');
    await expect(failed).toContainText(texts.statementFlow.loadFailed);
    await expect(page.getByTestId('statement-empty')).toHaveCount(0);
    await expect(page.getByTestId('statement-row')).toHaveCount(0);
    expect(failures).toBeGreaterThanOrEqual(1);
    await screenshot(page, 'statement-failed');

    await page.unroute('**/api/statement');
    await failed.getByTestId('statement-failed-retry').click();
    await expect(failed).toBeHidden();
    await expect(page.getByTestId('statement-row')).toHaveCount(1);
    await expect(page.getByTestId('statement-amount')).toHaveText(`+${baht(250)}`);
  });

  test('a new member sees the empty statement', async ({ page, api, member }) => {
    const token = await api.login(member.phone, member.password);
    await signIn(page, api, token, '/user/statement');
    await expect(page.getByTestId('statement-empty')).toBeVisible();
    await expect(page.getByTestId('statement-empty')).toContainText(texts.statement.empty);
    await expect(page.getByTestId('statement-failed')).toHaveCount(0);
    await expect(page.getByTestId('statement-row')).toHaveCount(0);
    await expect(page.getByTestId('statement-pagination')).toHaveCount(0);
  });

  test('more than 10 movements: page 2 holds the rest; a withdrawal above the auto-payout limit is in progress', async ({
    page,
    api,
    member,
  }) => {
    test.setTimeout(90_000);
    const token = await api.login(member.phone, member.password);
    const money = memberMoney(api, token);
    await creditFromBank(member, 30_000);
    await money.waitForCash(30_000);
    await money.activate('PG');
    // 11 transfers of distinct amounts (11 … 21 baht), each with its own Idempotency-Key.
    for (let amount = 11; amount <= 21; amount += 1) {
      expect((await money.transfer('wallet', 'PG', amount)).status).toBe('SUCCESS');
    }
    // Above the operator's auto-payout limit (20,000 baht by default) a withdrawal waits for approval.
    const withdrawal = await money.withdraw(25_000);
    expect(withdrawal).toMatchObject({
      status: 202,
      body: { message: 'WITHDRAW_PENDING', status: 'PENDING' },
    });

    const first = await money.statement(1);
    const second = await money.statement(2);
    expect(first.total).toBe(13);
    expect(first.statements).toHaveLength(10);
    expect(second.statements).toHaveLength(3);

    await signIn(page, api, token, '/user/statement');
    const rows = page.getByTestId('statement-row');
    const pagination = page.getByTestId('statement-pagination');
    await expect(rows).toHaveCount(10);
    await expect(pagination).toBeVisible();
    await expect(pagination.getByTestId('statement-page-1')).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(pagination.getByTestId('statement-page-2')).toBeVisible();
    await expect(pagination.getByTestId('statement-page-3')).toHaveCount(0);
    await expect(pagination.getByTestId('statement-page-prev')).toBeDisabled();
    await expect(pagination.getByTestId('statement-page-next')).toBeEnabled();

    // Page 1, newest first: the withdrawal in progress, then the transfers of 21 … 13 baht.
    const pageOne = await readStatementRows(page);
    expect(pageOne.map((r) => r.amount)).toEqual(first.statements.map(signed));
    expect(pageOne[0]).toMatchObject({
      type: 'withdraw',
      status: 'PENDING',
      amount: `-${baht(25_000)}`,
      activity: en.statement.types.withdraw,
      statusText: en.statement.status.progress,
    });
    expect(pageOne.slice(1).map((r) => r.amount)).toEqual(
      [21, 20, 19, 18, 17, 16, 15, 14, 13].map((n) => baht(n)),
    );
    for (const row of pageOne.slice(1)) {
      expect(row).toMatchObject({
        type: 'transfer',
        status: 'SUCCESS',
        statusText: en.statement.status.success,
      });
      expect(row.date).toMatch(DATE_TIME);
    }
    await screenshot(page, 'statement-page-1', { fullPage: true });

    // Page 2: the two oldest transfers and the deposit.
    await pagination.getByTestId('statement-page-2').click();
    await expect(pagination.getByTestId('statement-page-2')).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(rows).toHaveCount(3);
    const pageTwo = await readStatementRows(page);
    expect(pageTwo.map((r) => r.amount)).toEqual(second.statements.map(signed));
    expect(pageTwo.map((r) => [r.type, r.status, r.amount])).toEqual([
      ['transfer', 'SUCCESS', baht(12)],
      ['transfer', 'SUCCESS', baht(11)],
      ['deposit', 'SUCCESS', `+${baht(30_000)}`],
    ]);
    await expect(pagination.getByTestId('statement-page-next')).toBeDisabled();
    await screenshot(page, 'statement-page-2', { fullPage: true });

    // Back and forth with the arrows.
    await pagination.getByTestId('statement-page-prev').click();
    await expect(pagination.getByTestId('statement-page-1')).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(rows).toHaveCount(10);
    await expect(rows.first().getByTestId('statement-amount')).toHaveText(`-${baht(25_000)}`);
    await pagination.getByTestId('statement-page-next').click();
    await expect(pagination.getByTestId('statement-page-2')).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(rows).toHaveCount(3);
    await expect(rows.last().getByTestId('statement-amount')).toHaveText(`+${baht(30_000)}`);
  });
});
