import { expect, test, type Page } from '@playwright/test';
import { withdrawResponseSchema } from '@mekong/contracts/wallet';
import { api } from './support/api.ts';
import {
  adminPost,
  BACKOFFICE_VIEWPORT,
  openBackoffice,
  operatorToken,
} from './support/backoffice.ts';
import { creditFromBank, memberMoney } from './support/money.ts';
import { duplicateSlip, mismatchedSlip } from './support/money-in-queues.ts';
import { SERVER_URL } from './support/urls.ts';

/** Triage of the back office's queues (docs/back-office/triage.md, issue 28 item 12). */

test.use({ ...BACKOFFICE_VIEWPORT, locale: 'en-US' });

type Counts = {
  needsPerson: Record<string, number>;
  refusedBySystem: Record<string, number>;
};

async function queueCounts(token: string): Promise<Counts> {
  const res = await fetch(`${SERVER_URL}/api/admin/queues/counts`, {
    headers: { 'x-client': 'backoffice', authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Counts;
}

async function openInEnglish(page: Page, role: 'finance' | 'auditor', path: string) {
  await page.addInitScript(() => localStorage.setItem('mekong-backoffice-locale', 'en'));
  return openBackoffice(page, role, path);
}

/** A member with a withdrawal of 25,000 baht held above the auto-payout limit, and another member before them. */
async function heldWithdrawal() {
  const neighbour = await api.registerMember();
  await api.login(neighbour.phone, neighbour.password);
  const member = await api.registerMember();
  const token = await api.login(member.phone, member.password);
  const money = memberMoney(api, token);
  await creditFromBank(member, 30_000);
  await money.waitForCash(30_000);
  const answer = await money.withdraw(25_000);
  expect(answer.status).toBe(202);
  return {
    member,
    neighbour,
    withdrawalId: withdrawResponseSchema.parse(answer.body).withdrawalId,
  };
}

/** The detail opened in the one side panel of the back office. */
const sidePanel = (page: Page, testId: string) =>
  page.locator(`.dialog--side[data-testid="${testId}"]`);

test.describe('queue triage (docs/back-office/triage.md)', () => {
  test('every queue tab and the menu show how many items wait, as the server counts them', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const member = await api.registerMember();
    await mismatchedSlip(api, await api.login(member.phone, member.password), 321);
    const token = await openInEnglish(page, 'finance', '/deposits?tab=slips');
    await expect(page.getByRole('tab', { name: /Slips/ })).toBeVisible();
    const counts = await queueCounts(token);
    expect(counts.needsPerson.slips).toBeGreaterThan(0);
    await page.reload();
    for (const queue of ['qr', 'vouchers', 'notices', 'bank-lines', 'slips'])
      await expect(page.getByTestId(`queue-tab-${queue}`).locator('.count-badge')).toHaveText(
        String(counts.needsPerson[queue]),
      );
    const { qr, vouchers, notices, slips } = counts.needsPerson;
    const deposits = qr! + vouchers! + notices! + slips! + counts.needsPerson['bank-lines']!;
    await expect(page.getByTestId('side-nav-count-deposits')).toHaveText(String(deposits));
    await expect(page.getByTestId('side-nav-count-withdrawals')).toHaveText(
      String(counts.needsPerson.withdrawals),
    );
    await expect(page.getByTestId('side-nav-count-payouts')).toHaveText(
      String(counts.needsPerson.payouts),
    );
  });

  test('a duplicate slip the system refused is listed apart from the slips a person decides', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const member = await api.registerMember();
    const memberToken = await api.login(member.phone, member.password);
    await mismatchedSlip(api, memberToken, 321);
    await duplicateSlip(api, member, memberToken, 456);
    await openInEnglish(page, 'finance', '/deposits?tab=slips');
    await page.getByRole('searchbox', { name: 'Search' }).fill(member.phone);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('tab', { name: /Needs a person/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('row', { name: /฿321\.00/ })).toHaveCount(1);
    await expect(page.getByRole('row', { name: /Reference already used/ })).toHaveCount(0);
    await page.getByRole('tab', { name: /Refused by the system/ }).click();
    await expect(
      page.getByText('Duplicates: the same transfer was already credited'),
    ).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).fill(member.phone);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('row', { name: /Reference already used/ })).toHaveCount(1);
    await expect(page.getByRole('row', { name: /฿321\.00/ })).toHaveCount(0);
    // Its detail opens in the same side panel as every other detail.
    await page.getByRole('row', { name: /Reference already used/ }).click();
    await expect(sidePanel(page, 'money-in-detail')).toContainText('Reference already used');
  });

  test('a held withdrawal shows how long it waits, and its risk signals beside approve in the side panel', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const { member, neighbour } = await heldWithdrawal();
    await openInEnglish(page, 'finance', '/withdrawals');
    await page.getByLabel('Member (phone or id)').fill(member.phone);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row').filter({ hasText: member.phone });
    await expect(row.getByTestId('waiting-time')).toHaveText(/^waiting \d+ min$/);
    await row.click();
    const panel = sidePanel(page, 'withdrawal-detail');
    const risk = panel.getByTestId('risk-signals');
    await expect(risk).toContainText('Account age');
    await expect(risk).toContainText('0 days');
    await expect(risk).toContainText('Total deposits');
    await expect(risk).toContainText('฿30,000.00');
    await expect(risk).toContainText('Total play (turnover)');
    await expect(risk).toContainText('฿0.00');
    // Both signed in from the test's address and browser: linked by the promotions' shared-trait rule.
    await expect(risk.getByTestId('linked-accounts')).toContainText(neighbour.phone);
    await expect(panel.getByRole('button', { name: 'Approve and pay' })).toBeVisible();
  });

  test('the audit trail reads as sentences, with the changed fields and a link to the withdrawal', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const { withdrawalId } = await heldWithdrawal();
    const finance = await operatorToken('finance');
    await adminPost(`/api/admin/claims/withdrawals/${withdrawalId}`, {}, finance);
    await adminPost(
      `/api/admin/withdrawals/${withdrawalId}/reject`,
      { reason: 'name does not match' },
      finance,
    );
    // The auditor reads the trail (finance may not).
    await openInEnglish(page, 'auditor', '/audit');
    await page.getByLabel('Target id').fill(withdrawalId);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: 'withdrawal.rejected' });
    await expect(row.getByTestId('audit-sentence')).toHaveText(
      new RegExp(`rejected withdrawal ${withdrawalId.slice(0, 8)} and gave the money back$`),
    );
    await expect(row.getByRole('link', { name: 'Open withdrawal' })).toHaveAttribute(
      'href',
      `/backoffice/withdrawals?open=${withdrawalId}`,
    );
    await row.click();
    const panel = sidePanel(page, 'audit-detail');
    const status = panel
      .getByTestId('audit-changes')
      .getByRole('row')
      .filter({ hasText: 'status' });
    await expect(status.locator('del')).toHaveText('pending_approval');
    await expect(status.locator('mark')).toHaveText('rejected');
    await panel.getByRole('link', { name: 'Open withdrawal' }).click();
    await expect(sidePanel(page, 'withdrawal-detail')).toContainText('฿25,000.00');
  });
});
