import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
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

/** Review screenshots of the triage screens (docs/back-office/triage.md) in th, en and la, at 1280×800. */

test.use(BACKOFFICE_VIEWPORT);

const LANGS = ['th', 'en', 'la'] as const;

async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR ?? 'screenshots';
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), animations: 'disabled' });
}

async function inLanguage(page: Page, lang: string, path: string) {
  await page.evaluate((value) => localStorage.setItem('mekong-backoffice-locale', value), lang);
  await page.goto(`/backoffice${path}`);
  await page.reload();
}

test('screenshots of the triage screens in th, en and la', async ({ page }) => {
  test.setTimeout(300_000);
  const member = await api.registerMember();
  const memberToken = await api.login(member.phone, member.password);
  await mismatchedSlip(api, memberToken, 321);
  await duplicateSlip(api, member, memberToken, 456);
  const money = memberMoney(api, memberToken);
  await creditFromBank(member, 30_000);
  await money.waitForCash(30_456);
  const answer = await money.withdraw(25_000);
  const { withdrawalId } = withdrawResponseSchema.parse(answer.body);
  const finance = await operatorToken('finance');
  await adminPost(`/api/admin/claims/withdrawals/${withdrawalId}`, {}, finance);
  await adminPost(
    `/api/admin/withdrawals/${withdrawalId}/reject`,
    { reason: 'name does not match' },
    finance,
  );
  const second = await money.withdraw(21_000);
  expect(second.status).toBe(202);

  await openBackoffice(page, 'owner', '/');
  for (const lang of LANGS) {
    await inLanguage(page, lang, '/deposits?tab=slips');
    await expect(page.getByTestId('queue-tab-slips').locator('.count-badge')).toBeVisible();
    await shot(page, `triage-deposits-${lang}`);
    await page.getByTestId('origin-tab-system').click();
    await expect(page.getByRole('row')).not.toHaveCount(1);
    await shot(page, `triage-deposits-system-${lang}`);

    await inLanguage(page, lang, '/withdrawals');
    await page.getByRole('row').filter({ hasText: member.phone }).first().click();
    await expect(page.getByTestId('risk-signals').locator('dl')).toBeVisible();
    await shot(page, `triage-withdrawal-${lang}`);

    await inLanguage(page, lang, '/audit');
    await page.getByRole('row').filter({ hasText: 'withdrawal.rejected' }).first().click();
    await expect(page.getByTestId('audit-changes')).toBeVisible();
    await shot(page, `triage-audit-detail-${lang}`);
    await page.keyboard.press('Escape');
    await shot(page, `triage-audit-${lang}`);
  }
});
