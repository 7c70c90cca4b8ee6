import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from '@playwright/test';
import { api } from './support/api.ts';
import { BACKOFFICE_VIEWPORT, openBackoffice, operatorToken } from './support/backoffice.ts';
import { heldQr, mismatchedSlip, unmatchedBankLine } from './support/money-in-queues.ts';

/**
 * Review screenshots of the money-in queues (docs/back-office/money-in.md) in th, la and en at 1280×800, written to
 * SHOTS_DIR (runs only when it is set, playwright.config.ts).
 */
const SHOTS_DIR = process.env.SHOTS_DIR;
const LOCALES = ['th', 'en', 'la'] as const;
const TABS = ['qr', 'vouchers', 'notices', 'bank-lines', 'slips'] as const;

test.use(BACKOFFICE_VIEWPORT);

test('money-in screenshots', async ({ page }) => {
  test.setTimeout(300_000);
  const member = await api.registerMember();
  const memberToken = await api.login(member.phone, member.password);
  const token = await operatorToken('finance');
  await heldQr(api, memberToken, 100, 150);
  await unmatchedBankLine(token, { amountBaht: 2_500, senderName: `MR ${member.bankAccountName}` });
  await mismatchedSlip(api, memberToken, 480);

  let locale: (typeof LOCALES)[number] = 'th';
  // Only the first load: each locale below is chosen by writing the stored one before its pages load.
  await page.addInitScript((value) => {
    if (!localStorage.getItem('mekong-backoffice-locale'))
      localStorage.setItem('mekong-backoffice-locale', value);
  }, locale);
  await openBackoffice(page, 'finance', '/deposits');
  const shot = async (name: string) => {
    await page.waitForTimeout(300);
    await mkdir(SHOTS_DIR!, { recursive: true });
    await page.screenshot({
      path: join(SHOTS_DIR!, `${locale}-${name}.png`),
      animations: 'disabled',
    });
  };
  const openRow = async (tab: string, amount: RegExp) => {
    await page.goto(`/backoffice/deposits?tab=${tab}`);
    await page.getByRole('row', { name: amount }).first().click();
    await page.getByRole('dialog').first().waitFor();
  };
  for (const next of LOCALES) {
    locale = next;
    await page.evaluate((value) => localStorage.setItem('mekong-backoffice-locale', value), locale);
    for (const tab of TABS) {
      await page.goto(`/backoffice/deposits?tab=${tab}`);
      await page.locator('.data-table tbody tr').first().waitFor();
      await shot(`list-${tab}`);
    }
    await openRow('qr', /฿150\.00/);
    await shot('detail-qr');
    await openRow('bank-lines', /฿2,500\.00/);
    await page.getByTestId('suggestions').waitFor();
    await shot('detail-bank-line');
    await openRow('slips', /฿480\.00/);
    await page.getByTestId('slip-image').waitFor();
    await shot('detail-slip');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Claim|รับงาน|ຮັບວຽກ/ })
      .click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^(Refuse|ปฏิเสธ|ປະຕິເສດ)$/ })
      .click();
    await shot('dialog-refuse-slip');
    await page.keyboard.press('Escape');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Release|คืนงาน|ຄືນວຽກ/ })
      .click();
  }
});
