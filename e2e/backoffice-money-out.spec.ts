import { expect, test, type Page } from '@playwright/test';
import { api } from './support/api.ts';
import { BACKOFFICE_VIEWPORT, confirmReauth, openBackoffice } from './support/backoffice.ts';
import { creditFromBank, memberMoney, payoutsTo } from './support/money.ts';

test.use({ ...BACKOFFICE_VIEWPORT, locale: 'en-US' });

/** A member with a withdrawal of 25,000 baht held above the auto-payout limit (20,000 by default). */
async function heldWithdrawal() {
  const member = await api.registerMember();
  const token = await api.login(member.phone, member.password);
  const money = memberMoney(api, token);
  await creditFromBank(member, 30_000);
  await money.waitForCash(30_000);
  const answer = await money.withdraw(25_000);
  expect(answer.status).toBe(202);
  return { member, money };
}

async function openInEnglish(page: Page, path: string) {
  await page.addInitScript(() => localStorage.setItem('mekong-backoffice-locale', 'en'));
  await openBackoffice(page, 'finance', path);
}

/** Filters the queue to the member's phone and opens their row. */
async function openRow(page: Page, phone: string) {
  await page.getByLabel('Member (phone or id)').fill(phone);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('row').filter({ hasText: phone }).click();
}

/** A money decision may ask to re-authenticate (the sign-in counts for five minutes). */
async function reauthIfAsked(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  if (await dialog.isVisible({ timeout: 1_500 }).catch(() => false))
    await confirmReauth(page, 'finance');
}

test.describe('back office money out (docs/back-office/money-out.md)', () => {
  test('finance claims and approves a large withdrawal; the bank pays it and the member sees it paid', async ({
    page,
  }) => {
    const { member, money } = await heldWithdrawal();
    await openInEnglish(page, '/withdrawals');
    await expect(
      page.getByRole('heading', { name: 'Withdrawals awaiting approval' }),
    ).toBeVisible();
    await openRow(page, member.phone);
    const detail = page.getByTestId('withdrawal-detail');
    await expect(detail.getByRole('heading', { name: '฿25,000.00' })).toBeVisible();
    await expect(detail).toContainText('Above auto-payout limit');
    await expect(detail.getByRole('button', { name: 'Approve and pay' })).toBeDisabled();
    await detail.getByRole('button', { name: 'Claim' }).click();
    await expect(detail.getByText('Claimed by you')).toBeVisible();
    await detail.getByRole('button', { name: 'Approve and pay' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve withdrawal' });
    await expect(dialog).toContainText(`Pay ฿25,000.00 to SCB ${member.bankAccountNo}`);
    await dialog.getByLabel('Note (optional, kept in the audit trail)').fill('name checked');
    await dialog.getByRole('button', { name: 'Approve and pay' }).click();
    await reauthIfAsked(page);
    await expect(page.getByText('Approved and paid.')).toBeVisible();

    expect(await payoutsTo(member.bankAccountNo)).toEqual([
      expect.objectContaining({ amountMinor: 25_000_00, status: 'success' }),
    ]);
    const { statements } = await money.statement(1);
    expect(statements[0]).toMatchObject({ statementType: 'withdraw', status: 'SUCCESS' });
    await expect(page.getByRole('row').filter({ hasText: member.phone })).toHaveCount(0);
  });

  test('rejecting needs a reason and gives the money back', async ({ page }) => {
    const { member, money } = await heldWithdrawal();
    await openInEnglish(page, '/withdrawals');
    await openRow(page, member.phone);
    const detail = page.getByTestId('withdrawal-detail');
    await detail.getByRole('button', { name: 'Claim' }).click();
    await detail.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject withdrawal' });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Type a reason (at least 3 characters).');
    await dialog.getByLabel('Reason (kept in the audit trail)').fill('account name differs');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(
      page.getByText('Rejected: the money is back in the member’s wallet.'),
    ).toBeVisible();
    await money.waitForCash(30_000, 5_000);
    expect(await payoutsTo(member.bankAccountNo)).toEqual([]);
  });
});
