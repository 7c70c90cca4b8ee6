import { expect, test, type Page } from '@playwright/test';
import { api } from './support/api.ts';
import { BACKOFFICE_VIEWPORT, confirmReauth, signInThroughPage } from './support/backoffice.ts';
import { memberBonus } from './support/bonus.ts';
import { creditFromBank, memberMoney, payoutsTo } from './support/money.ts';
import { mismatchedSlip, unmatchedBankLine } from './support/money-in-queues.ts';

/**
 * Issue 11's walk through the back office by one owner (docs/decisions/0014-back-office.md): sign in with a TOTP code,
 * approve a large withdrawal (the member sees it paid), credit an unmatched bank transfer, refuse a slip, publish a
 * bonus the member is then offered, and read all of it in the audit trail.
 */
test.use({ ...BACKOFFICE_VIEWPORT, locale: 'en-US' });

async function reauthIfAsked(page: Page) {
  const asked = await page
    .getByRole('heading', { name: 'Confirm it is you' })
    .waitFor({ timeout: 3_000 })
    .then(
      () => true,
      () => false,
    );
  if (asked) await confirmReauth(page, 'owner');
}

test('an owner works the queues, publishes a bonus and reads the audit trail of it all', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // A member with a 25,000 baht withdrawal held above the auto-payout limit, and a slip from another account.
  const member = await api.registerMember();
  const memberToken = await api.login(member.phone, member.password);
  const money = memberMoney(api, memberToken);
  await creditFromBank(member, 30_000);
  await money.waitForCash(30_000);
  expect((await money.withdraw(25_000)).status).toBe(202);
  await mismatchedSlip(api, memberToken, 321);

  await page.addInitScript(() => localStorage.setItem('mekong-backoffice-locale', 'en'));
  await signInThroughPage(page, 'owner');
  await expect(page.getByTestId('operator-name')).toContainText('Demo owner');
  const operatorToken = (await page.evaluate(() =>
    sessionStorage.getItem('mekong-backoffice-token'),
  ))!;
  // Past the five minutes a sign-in counts as a re-authentication, money decisions ask again: not needed here.

  // 1. Approve the large withdrawal; the bank pays it and the member's statement says SUCCESS.
  await page.getByRole('navigation').getByRole('link', { name: 'Withdrawals' }).click();
  await page.getByLabel('Member (phone or id)').fill(member.phone);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('row').filter({ hasText: member.phone }).click();
  const detail = page.getByTestId('withdrawal-detail');
  await detail.getByRole('button', { name: 'Claim' }).click();
  await detail.getByRole('button', { name: 'Approve and pay' }).click();
  const approve = page.getByRole('dialog', { name: 'Approve withdrawal' });
  await approve
    .getByLabel('Note (optional, kept in the audit trail)')
    .fill('large withdrawal, name checked');
  await approve.getByRole('button', { name: 'Approve and pay' }).click();
  await reauthIfAsked(page);
  await expect(page.getByText('Approved and paid.')).toBeVisible();
  expect(await payoutsTo(member.bankAccountNo)).toEqual([
    expect.objectContaining({ amountMinor: 25_000_00, status: 'success' }),
  ]);
  const { statements } = await money.statement(1);
  expect(statements[0]).toMatchObject({ statementType: 'withdraw', status: 'SUCCESS' });

  // 2. Credit an unmatched bank transfer to the suggested member.
  await unmatchedBankLine(operatorToken, {
    amountBaht: 1_234.5,
    senderName: `MR ${member.bankAccountName}`,
  });
  await page.getByRole('navigation').getByRole('link', { name: 'Deposits' }).click();
  await page.getByRole('tab', { name: 'Bank lines' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(member.bankAccountName);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('row', { name: /฿1,234\.50/ })).toHaveCount(1);
  await page.getByRole('row', { name: /฿1,234\.50/ }).click();
  const line = page.getByRole('dialog', { name: 'Bank line' });
  await line.getByRole('button', { name: 'Claim' }).click();
  const suggestion = line
    .getByTestId('suggestions')
    .getByRole('listitem')
    .filter({ hasText: member.phone });
  await suggestion.getByRole('button', { name: 'Credit to this member' }).click();
  const credit = page.getByRole('dialog', { name: 'Credit this deposit' });
  await credit
    .getByLabel('Reason (kept in the audit trail)')
    .fill('member sent the transfer receipt');
  await credit.getByRole('button', { name: 'Credit' }).click();
  await reauthIfAsked(page);
  await expect(line.getByTestId('decision')).toContainText('member sent the transfer receipt');
  await money.waitForCash(5_000 + 1_234.5);
  await line.getByRole('button', { name: 'Close' }).click();

  // 3. Refuse the slip sent from another account.
  await page.getByRole('tab', { name: 'Slips' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(member.phone);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  // Other specs' slips of the same amount are listed until the search has answered.
  await expect(page.getByRole('row', { name: /฿321\.00/ })).toHaveCount(1);
  await page.getByRole('row', { name: /฿321\.00/ }).click();
  const slip = page.getByRole('dialog', { name: 'Slip' });
  await expect(slip.getByTestId('slip-image')).toBeVisible();
  await slip.getByRole('button', { name: 'Claim' }).click();
  await slip.getByRole('button', { name: 'Refuse' }).click();
  const refuse = page.getByRole('dialog', { name: 'Refuse this deposit' });
  await refuse.getByLabel('Reason (kept in the audit trail)').fill('not the member’s own account');
  await refuse.getByRole('button', { name: 'Refuse' }).click();
  await expect(slip.getByTestId('decision')).toContainText('not the member’s own account');
  await slip.getByRole('button', { name: 'Close' }).click();

  // 4. Publish a new bonus; the member is offered it at once.
  const bonusCode = `JOURNEY${Date.now().toString(36).toUpperCase()}`;
  await page.getByRole('navigation').getByRole('link', { name: 'Promotions' }).click();
  await page.getByRole('button', { name: 'New bonus' }).click();
  const editor = page.getByRole('form', { name: 'Bonus editor' });
  await editor.getByLabel('Code', { exact: true }).fill(bonusCode);
  const names = editor.getByRole('group', { name: 'Name' });
  await names.getByLabel('Thai').fill('โบนัสทดสอบ');
  await names.getByLabel('Lao').fill('ໂບນັດທົດສອບ');
  await names.getByLabel('English').fill('Journey bonus');
  const descriptions = editor.getByRole('group', { name: 'Description' });
  await descriptions.getByLabel('Thai').fill('ฝากรับ 10%');
  await descriptions.getByLabel('Lao').fill('ຝາກຮັບ 10%');
  await descriptions.getByLabel('English').fill('Deposit and get 10%');
  await editor.getByLabel('Percent', { exact: true }).fill('10');
  await editor.getByLabel('Cap', { exact: true }).fill('300');
  expect((await memberBonus(api, memberToken).list()).bonuses.map((b) => b.code)).not.toContain(
    bonusCode,
  );
  await editor.getByRole('button', { name: 'Create draft' }).click();
  await expect(editor.getByText('Draft', { exact: true })).toBeVisible();
  await editor.getByRole('button', { name: 'Publish' }).click();
  await expect(
    page.getByRole('form', { name: 'Bonus editor' }).getByText('Published', { exact: true }),
  ).toBeVisible();
  await expect
    .poll(async () => (await memberBonus(api, memberToken).list()).bonuses.map((b) => b.code))
    .toContain(bonusCode);

  // 5. The audit trail holds every one of these decisions, with the owner's name and reasons; the chain is intact.
  await page.getByRole('navigation').getByRole('link', { name: 'Audit trail' }).click();
  await page.getByLabel('Operator').fill('owner');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const table = page.locator('.data-table tbody');
  await expect(table).toContainText('large withdrawal, name checked');
  await expect(table).toContainText('member sent the transfer receipt');
  await expect(table).toContainText('not the member’s own account');
  // Each record reads as a sentence, its action code beneath it (docs/back-office/triage.md).
  const actions = await table.locator('tr td code').allTextContents();
  expect(actions.some((a) => a.startsWith('withdrawal.'))).toBe(true);
  expect(actions.some((a) => /^bonus\./.test(a) && /publish/.test(a))).toBe(true);
  await page.getByRole('button', { name: 'Verify the chain' }).click();
  await expect(page.getByTestId('audit-verdict')).toContainText('Chain intact');
});
