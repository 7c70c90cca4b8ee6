import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { withdrawResponseSchema } from '@mekong/contracts/wallet';
import { api } from './support/api.ts';
import { BACKOFFICE_VIEWPORT, openBackoffice, operatorToken } from './support/backoffice.ts';
import { creditFromBank, memberMoney } from './support/money.ts';
import { SANDBOX_URL, SERVER_URL } from './support/urls.ts';

test.use(BACKOFFICE_VIEWPORT);

const LANGS = ['th', 'en', 'la'] as const;

async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR ?? 'screenshots';
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), animations: 'disabled' });
}

async function bankFaults(body: unknown, path = '/sandbox/bank/faults') {
  const res = await fetch(`${SANDBOX_URL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.ok).toBe(true);
}

async function admin(token: string, path: string, body: unknown = {}) {
  const res = await fetch(`${SERVER_URL}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-client': 'backoffice',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
}

/** A member with `depositBaht` in the wallet (credited through the bank feed). */
async function fundedMember(depositBaht: number) {
  const member = await api.registerMember();
  const money = memberMoney(api, await api.login(member.phone, member.password));
  await creditFromBank(member, depositBaht);
  await money.waitForCash(depositBaht);
  return { member, money };
}

async function inLanguage(page: Page, lang: string, path: string) {
  await page.evaluate((value) => localStorage.setItem('mekong-backoffice-locale', value), lang);
  await page.goto(`/backoffice${path}`);
  await page.reload();
}

test('screenshots of the money-out screens in th, en and la', async ({ page }) => {
  test.setTimeout(240_000);
  const refused = await fundedMember(3_000);
  const unknown = await fundedMember(5_000);
  const held = await Promise.all([
    fundedMember(30_000),
    fundedMember(45_000),
    fundedMember(50_000),
  ]);

  // Payouts: one the bank refuses; one whose answer (and status) comes after our time-out, so it stays unknown.
  await bankFaults({ rejectAccountNos: [refused.member.bankAccountNo] });
  await refused.money.withdraw(1_200);
  await bankFaults({ latencyMs: 16_000 });
  const unknownAt = Date.now();
  expect((await unknown.money.withdraw(2_500)).status).toBe(202);

  // Withdrawals held above the auto-payout limit (the demo's second-approval limit is above its largest withdrawal
  // allowed); one claimed by the owner.
  const [, claimed, large] = held;
  await held[0]!.money.withdraw(25_000);
  const claimedAnswer = await claimed!.money.withdraw(42_000.5);
  await large!.money.withdraw(48_000);
  const claimedId = withdrawResponseSchema.parse(claimedAnswer.body).withdrawalId;
  await admin(await operatorToken('owner'), `/api/admin/claims/withdrawals/${claimedId}`);

  await openBackoffice(page, 'finance', '/withdrawals');
  for (const lang of LANGS) {
    await inLanguage(page, lang, '/withdrawals');
    await page.getByRole('row').filter({ hasText: large!.member.phone }).click();
    const detail = page.getByTestId('withdrawal-detail');
    await expect(detail.locator('h2')).toBeVisible();
    await shot(page, `withdrawals-${lang}`);
    await detail.locator('.money-out__actions .button--secondary').click();
    await detail.locator('.money-out__actions .button--primary').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shot(page, `withdrawals-approve-${lang}`);
    await page.keyboard.press('Escape');
    await detail.locator('.claim .button--ghost').click();
  }

  // In the queue once its last try is older than the bank time-out (15 s) plus 5 s.
  await page.waitForTimeout(Math.max(0, unknownAt + 21_000 - Date.now()));
  try {
    for (const lang of LANGS) {
      await inLanguage(page, lang, '/payouts');
      await page.getByRole('row').filter({ hasText: unknown.member.phone }).click();
      await expect(page.getByTestId('payout-detail').locator('h2')).toBeVisible();
      await shot(page, `payouts-${lang}`);
    }
  } finally {
    await bankFaults({}, '/sandbox/bank/faults/clear');
  }
});
