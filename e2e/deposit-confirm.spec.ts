/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { makeGiftLink, makeSlip, newQrPayment, openDepositModal, operatorDepositAccount, payQr, qrPayments } from './support/deposit.ts';
import { creditFromBank, memberMoney, signIn } from './support/money.ts';

/**
 * Issue 28 items 8, 10, 11: every deposit method confirms with the one success sheet (a bank transfer credited while
 * the sheet is open too); one QR button; a refused slip says what to do next; its banner at 4.5:1. In th, la and en.
 */
const LOCALES = ['th', 'la', 'en'] as const;
type Locale = (typeof LOCALES)[number];
type Texts = {
  depositFlow: {
    methods: { qr: { title: string } };
    paid: { title: string; via: Record<'qr' | 'bank' | 'slip' | 'giftLink', string> };
  };
  deposit: { doneMessage: string };
  slip: { nextStep: string; uploadAnother: string; contactSupport: string };
};
const texts = Object.fromEntries(
  LOCALES.map((l) => [l, JSON.parse(readFileSync(new URL(`../apps/web/src/locales/${l}.json`, import.meta.url), 'utf8')) as Texts]),
) as Record<Locale, Texts>;

/** Amounts as the app shows them in baht (฿1,234.50). */
const baht = (value: number) => `฿${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Review screenshots at 390×844 (the e2e viewport), to SHOTS_DIR or screenshots/. */
async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR ?? join(process.cwd(), 'screenshots');
  await mkdir(dir, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(dir, `${name}.png`), animations: 'disabled' });
}

/** The WCAG contrast of an element's text on the first opaque background behind it. */
function contrastOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const rgb = (text: string) => (text.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const channel = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    let node: Element | null = element;
    let background = [255, 255, 255];
    while (node) {
      const parts = rgb(getComputedStyle(node).backgroundColor);
      if (parts.length === 3 || (parts.length === 4 && parts[3] === 1)) {
        background = parts.slice(0, 3);
        break;
      }
      node = node.parentElement;
    }
    const [a, b] = [luminance(rgb(getComputedStyle(element).color)), luminance(background)];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
}

/** The one success sheet: the method, its amount, how it came, and the new balance. */
async function expectSuccess(modal: Locator, t: Texts, method: 'qr' | 'bank' | 'slip' | 'giftLink', amount: number, balance: number) {
  const success = modal.getByTestId('deposit-success');
  await expect(success).toBeVisible();
  await expect(success).toHaveAttribute('data-method', method);
  await expect(success).toHaveAttribute('data-status', 'SUCCESS');
  await expect(success.getByText(t.depositFlow.paid.title)).toBeVisible();
  await expect(success.getByTestId('deposit-paid-amount')).toHaveText(`+${baht(amount)}`);
  await expect(success.getByTestId('deposit-paid-via')).toHaveText(t.depositFlow.paid.via[method]);
  await expect(success.getByTestId('deposit-paid-balance')).toHaveText(baht(balance), { timeout: 10_000 });
  return success;
}

test.describe('every deposit method confirms the same way', () => {
  for (const locale of LOCALES) {
    const t = texts[locale];

    test(`${locale}: a bank transfer credited while the deposit sheet is open shows the success sheet`, async ({ page, api, member }) => {
      test.setTimeout(90_000);
      const token = await api.login(member.phone, member.password);
      await signIn(page, api, token, '/user/home', locale);
      const modal = await openDepositModal(page, 'bank');
      await shot(page, `${locale}-deposit-bank-open`);

      // The member transfers from their bank; the bank feed credits it while the sheet is still open.
      await creditFromBank(member, 700);
      await memberMoney(api, token).waitForCash(700);
      await expect(modal.getByTestId('deposit-success')).toBeVisible({ timeout: 20_000 });
      const success = await expectSuccess(modal, t, 'bank', 700, 700);
      await shot(page, `${locale}-deposit-bank-credited`);
      await success.getByTestId('deposit-paid-again').click();
      await expect(modal.getByTestId('deposit-methods')).toBeVisible();
    });

    test(`${locale}: a gift link and an accepted slip show the same success sheet`, async ({ page, api, member }) => {
      test.setTimeout(90_000);
      const token = await api.login(member.phone, member.password);
      const link = await makeGiftLink(member.phone, 50);
      const slip = await makeSlip(member, await operatorDepositAccount(api), 250);
      await signIn(page, api, token, '/user/home', locale);

      let modal = await openDepositModal(page, 'giftLink');
      await modal.getByTestId('truelink-input').fill(link);
      await modal.getByTestId('truelink-submit').click();
      let success = await expectSuccess(modal, t, 'giftLink', 50, 50);
      await shot(page, `${locale}-deposit-gift-link-credited`);
      await success.getByTestId('deposit-paid-done').click();
      await expect(modal).toBeHidden();
      await expect(page.getByTestId('wallet-cash')).toHaveText(baht(50));

      modal = await openDepositModal(page, 'slip');
      await modal.getByTestId('slip-upload-input').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: slip.png });
      success = modal.getByTestId('deposit-success');
      await expect(success).toBeVisible({ timeout: 30_000 });
      await expectSuccess(modal, t, 'slip', 250, 300);
      await shot(page, `${locale}-deposit-slip-credited`);

      // The slip status list: its "view" link is a 44 × 44 touch target however short the word (ดู).
      await page.goto('/user/statement');
      await page.getByTestId('statement-slip-status').click();
      const view = page.getByTestId('slip-status-modal').getByTestId('slip-view').first();
      await expect(view).toBeVisible();
      const box = await view.boundingBox();
      expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(44);
      await shot(page, `${locale}-slip-status`);
    });

    test(`${locale}: a refused slip says why and offers another upload or support, legible at 4.5:1`, async ({ page, api, member }) => {
      test.setTimeout(90_000);
      const token = await api.login(member.phone, member.password);
      const stranger = { ...member, bankAccountNo: member.bankAccountNo.replace(/\d$/, (d) => String((Number(d) + 1) % 10)) };
      const slip = await makeSlip(stranger, await operatorDepositAccount(api), 120);
      await signIn(page, api, token, '/user/home', locale);

      const modal = await openDepositModal(page, 'slip');
      await modal.getByTestId('slip-upload-input').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: slip.png });
      const result = modal.getByTestId('slip-upload-result');
      await expect(result).toHaveAttribute('data-status', 'FAILED', { timeout: 30_000 });
      await expect(result.getByText(t.slip.nextStep)).toBeVisible();
      expect(await contrastOf(result.locator('.slip-result'))).toBeGreaterThanOrEqual(4.5);
      await shot(page, `${locale}-deposit-slip-refused`);

      // Upload another: the file picker opens again.
      const chooser = page.waitForEvent('filechooser');
      await result.getByTestId('slip-upload-another').click();
      await chooser;
      const another = result.getByTestId('slip-upload-another');
      const contact = result.getByTestId('slip-contact-support');
      await expect(another).toContainText(t.slip.uploadAnother);
      await expect(contact).toContainText(t.slip.contactSupport);
      for (const target of [another, contact]) expect((await target.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);

      // Support: the contact page, the sheet closed.
      await contact.click();
      await expect(page).toHaveURL(/\/user\/contact$/);
      await expect(modal).toBeHidden();
    });

    test(`${locale}: one QR button; an amount only one gateway takes makes its QR, and paying it shows the success sheet`, async ({ page, api, member }) => {
      test.setTimeout(90_000);
      const token = await api.login(member.phone, member.password);
      await signIn(page, api, token, '/user/home', locale);
      const modal = await openDepositModal(page);
      await expect(modal.getByTestId('deposit-method-qr')).toContainText(t.depositFlow.methods.qr.title);
      await modal.getByTestId('deposit-method-qr').click();
      await expect(modal.getByTestId('deposit-view-qr')).toBeVisible();
      // No gateway to choose: no tabs, one amount, one create.
      await expect(modal.getByRole('tab')).toHaveCount(0);
      await expect(modal.getByTestId('deposit-create')).toHaveCount(1);
      await shot(page, `${locale}-deposit-qr-form`);

      // 10 baht: below WW's 100 and E2P's 50, only KBANK takes it; the server makes it there.
      const before = new Set((await qrPayments('KBANK')).map((p) => p.reference));
      await modal.getByTestId('deposit-amount').fill('10');
      await modal.getByTestId('deposit-create').click();
      const active = modal.getByTestId('deposit-qr-active');
      await expect(active).toHaveAttribute('data-provider', 'KBANK');
      await expect(active.getByTestId('deposit-qr-amount')).toHaveText(baht(10));
      const created = await newQrPayment('KBANK', before, modal);
      expect(created.amountMinor).toBe(1000);
      await payQr('KBANK', created.reference);
      await expectSuccess(modal, t, 'qr', 10, 10);
      await shot(page, `${locale}-deposit-qr-paid`);
    });
  }

  test('toasts read at 4.5:1 (the "transfer done" notice)', async ({ page, api, member }) => {
    const token = await api.login(member.phone, member.password);
    await signIn(page, api, token, '/user/home', 'th');
    const modal = await openDepositModal(page, 'qr');
    await modal.getByTestId('deposit-amount').fill('20');
    await modal.getByTestId('deposit-create').click();
    await modal.getByTestId('deposit-done').click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: texts.th.deposit.doneMessage });
    await expect(toast).toBeVisible();
    expect(await contrastOf(toast)).toBeGreaterThanOrEqual(4.5);
  });
});
