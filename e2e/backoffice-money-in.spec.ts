import { expect, test, type Page } from '@playwright/test';
import { api } from './support/api.ts';
import { BACKOFFICE_VIEWPORT, confirmReauth, openBackoffice } from './support/backoffice.ts';
import { memberMoney } from './support/money.ts';
import { mismatchedSlip, unmatchedBankLine } from './support/money-in-queues.ts';

test.use(BACKOFFICE_VIEWPORT);

/** After a money decision's confirm: the re-authentication dialog when the server asks for it. */
async function reauthIfAsked(page: Page) {
  const asked = await page
    .getByRole('heading', { name: 'Confirm it is you' })
    .waitFor({ timeout: 3_000 })
    .then(
      () => true,
      () => false,
    );
  if (asked) await confirmReauth(page, 'finance');
}

test.describe('back office money-in queues (docs/back-office/money-in.md)', () => {
  test('finance credits an unmatched bank transfer to the suggested member, then refuses a slip', async ({
    page,
  }) => {
    // Operator sign-ins share the authenticator's 30 s steps with other tests: allow for waiting on a fresh one.
    test.setTimeout(180_000);
    const member = await api.registerMember();
    const memberToken = await api.login(member.phone, member.password);
    await page.addInitScript(() => localStorage.setItem('mekong-backoffice-locale', 'en'));
    const token = await openBackoffice(page, 'finance', '/deposits?tab=bank-lines');
    await unmatchedBankLine(token, {
      amountBaht: 1_234.5,
      senderName: `MR ${member.bankAccountName}`,
    });
    await mismatchedSlip(api, memberToken, 321);
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search' }).fill(member.bankAccountName);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    // Other specs' lines of the same amount are listed until the search has answered.
    await expect(page.getByRole('row', { name: /฿1,234\.50/ })).toHaveCount(1);
    await page.getByRole('row', { name: /฿1,234\.50/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Bank line' });
    await dialog.getByRole('button', { name: 'Claim' }).click();
    await expect(dialog.getByText('Claimed by you')).toBeVisible();
    const suggestion = dialog
      .getByTestId('suggestions')
      .getByRole('listitem')
      .filter({ hasText: member.phone });
    await expect(suggestion).toContainText('Name alike');
    await suggestion.getByRole('button', { name: 'Credit to this member' }).click();
    const credit = page.getByRole('dialog', { name: 'Credit this deposit' });
    await expect(credit).toContainText('฿1,234.50');
    await credit
      .getByLabel('Reason (kept in the audit trail)')
      .fill('member called with the transfer receipt');
    await credit.getByRole('button', { name: 'Credit' }).click();
    await reauthIfAsked(page);
    await expect(dialog.getByTestId('decision')).toContainText(
      'member called with the transfer receipt',
    );
    await memberMoney(api, memberToken).waitForCash(1_234.5);
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('tab', { name: 'Slips' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(member.phone);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('row', { name: /฿321\.00/ })).toHaveCount(1);
    await page.getByRole('row', { name: /฿321\.00/ }).click();
    const slip = page.getByRole('dialog', { name: 'Slip' });
    await expect(slip.getByTestId('slip-image')).toBeVisible();
    expect(
      await slip.getByTestId('slip-image').evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
    await expect(slip.getByTestId('verifier-answer')).toContainText('SOMSRI JAIDEE');
    await expect(slip).toContainText('Sent from another account than the member’s');
    await slip.getByRole('button', { name: 'Claim' }).click();
    await slip.getByRole('button', { name: 'Refuse' }).click();
    const refuse = page.getByRole('dialog', { name: 'Refuse this deposit' });
    await refuse
      .getByLabel('Reason (kept in the audit trail)')
      .fill('not the member’s own transfer');
    await refuse.getByRole('button', { name: 'Refuse' }).click();
    await expect(slip.getByTestId('decision')).toContainText('not the member’s own transfer');
    const wallet = await memberMoney(api, memberToken).wallet();
    expect(wallet.wallet.amount).toBe(1_234.5);
  });
});
