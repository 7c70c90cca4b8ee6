/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { adminPost, demoOperator, operatorToken, totpCodeFor } from './support/backoffice.ts';
import { newQrPayment, openDepositModal, payQr, qrPayments } from './support/deposit.ts';
import { expect, test } from './support/fixtures.ts';
import { baht, creditFromBank, fill, memberMoney, signIn } from './support/money.ts';

/**
 * Money that waits for an operator is shown, and its outcome told (issue 28 items 3 and 6,
 * docs/decisions/0025-waiting-money.md): a QR paid with another amount, a withdrawal over the auto-payout limit.
 * Screenshots go to SHOTS_DIR when it is set.
 */

type WaitingTexts = Record<
  | 'creditLine'
  | 'usualUnknown'
  | 'usualMinutes'
  | 'usualHours'
  | 'payoutChip'
  | 'confirmOperator'
  | 'toldCredited'
  | 'toldPaid'
  | 'toldPayoutRefused',
  string
>;
const LOCALES = ['th', 'la', 'en'] as const;
const texts = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    (
      JSON.parse(
        readFileSync(new URL(`../apps/web/src/locales/${locale}.json`, import.meta.url), 'utf8'),
      ) as { waiting: WaitingTexts }
    ).waiting,
  ]),
) as Record<(typeof LOCALES)[number], WaitingTexts>;

async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), animations: 'disabled' });
}

/** A back-office decision by finance; a money decision may first ask to re-authenticate. */
async function financeDecides(claimPath: string, decidePath: string, body: unknown) {
  const token = await operatorToken('finance');
  await adminPost(claimPath, {}, token);
  await adminPost(decidePath, body, token).catch(async () => {
    const { password } = demoOperator('finance');
    await adminPost(
      '/api/admin/auth/reauth',
      { password, code: await totpCodeFor('finance') },
      token,
    );
    return adminPost(decidePath, body, token);
  });
}

/** Any of the usual-wait sentences (the figure depends on the decisions the server has seen). */
const usualWait = (w: WaitingTexts) =>
  new RegExp(
    [w.usualUnknown, w.usualMinutes, w.usualHours]
      .map((s) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace('{{n}}', '\\d+'))
      .join('|'),
  );

for (const locale of LOCALES) {
  const w = texts[locale];

  test.describe(`money that waits for an operator (${locale})`, () => {
    test('a QR paid with another amount shows at once on home and in the statement, then its credit is told', async ({
      page,
      api,
      member,
    }) => {
      test.setTimeout(90_000);
      const token = await api.login(member.phone, member.password);
      await signIn(page, api, token, '/user/home', locale);
      await expect(page.getByTestId('wallet-card')).toHaveAttribute('data-state', 'live');
      await expect(page.getByTestId('waiting-credits')).toHaveCount(0);

      const modal = await openDepositModal(page, 'qr');
      const before = new Set((await qrPayments('KBANK')).map((p) => p.reference));
      await modal.getByTestId('deposit-amount').fill('300');
      await modal.getByTestId('deposit-create').click();
      await expect(modal.getByTestId('deposit-qr-active')).toBeVisible();
      const created = await newQrPayment('KBANK', before, modal);
      await payQr('KBANK', created.reference, { amountMinor: 299_00 });
      const paidAt = Date.now();
      await expect(modal.getByTestId('deposit-success')).toHaveAttribute('data-status', 'PENDING', {
        timeout: 5_000,
      });
      await page.keyboard.press('Escape');

      // Home: what arrived, that staff check it, how long that usually takes, and a way to ask.
      const held = page.getByTestId('waiting-credit');
      await expect(held.getByTestId('waiting-credit-line')).toHaveText(
        fill(w.creditLine, { amount: baht(299) }),
        { timeout: Math.max(1, 5_000 - (Date.now() - paidAt)) },
      );
      await expect(held).toContainText(created.reference);
      await expect(held.getByTestId('waiting-credit-usual')).toHaveText(usualWait(w));
      await expect(page.getByTestId('waiting-credits-chat')).toHaveAttribute(
        'href',
        '/user/contact',
      );
      await shot(page, `${locale}-waiting-home-credit`);

      // The statement: above its rows (there are none yet: nothing was credited).
      await page.goto('/user/statement');
      await expect(page.getByTestId('waiting-credit-line')).toHaveText(
        fill(w.creditLine, { amount: baht(299) }),
        { timeout: 5_000 },
      );
      await shot(page, `${locale}-waiting-statement-credit`);

      // An operator credits it: the member, back on home, is told and the line goes.
      await page.goto('/user/home');
      await expect(page.getByTestId('waiting-credit')).toHaveCount(1);
      const qrId = (
        await api.get<{ payment: { qrcodeId: string } | null }>('/api/qrcode/KBANK', { token })
      ).payment?.qrcodeId;
      expect(qrId).toBeTruthy();
      await financeDecides(
        `/api/admin/deposit-claims/qr/${qrId}`,
        `/api/admin/deposits/qr/${qrId}/credit`,
        {
          reason: 'paid one baht short',
        },
      );
      await expect(page.getByText(fill(w.toldCredited, { amount: baht(299) }))).toBeVisible({
        timeout: 15_000,
      });
      await expect(page.getByTestId('waiting-credit')).toHaveCount(0);
      await expect(page.getByTestId('wallet-cash')).toHaveText(baht(299));
      await shot(page, `${locale}-waiting-home-told`);
    });

    test('a withdrawal over the automatic limit says so before confirming, then waits on the wallet card until paid', async ({
      page,
      api,
      member,
    }) => {
      test.setTimeout(120_000);
      const token = await api.login(member.phone, member.password);
      await creditFromBank(member, 30_000);
      await memberMoney(api, token).waitForCash(30_000);
      await signIn(page, api, token, '/user/home', locale);
      await expect(page.getByTestId('wallet-cash')).toHaveText(baht(30_000));

      // Under the limit: the normal confirm, no notice.
      await page.getByTestId('wallet-withdraw').click();
      const modal = page.getByTestId('withdraw-modal');
      await modal.getByTestId('withdraw-amount').fill('500');
      await modal.getByTestId('withdraw-submit').click();
      await expect(modal.getByTestId('withdraw-confirm-submit')).toBeEnabled();
      await expect(modal.getByTestId('withdraw-confirm-operator')).toHaveCount(0);
      await modal.getByTestId('withdraw-confirm-back').click();

      // Over it (20,000 by default): the notice, with the usual time.
      await modal.getByTestId('withdraw-amount').fill('25000');
      await modal.getByTestId('withdraw-submit').click();
      const notice = modal.getByTestId('withdraw-confirm-operator');
      await expect(notice).toContainText(w.confirmOperator);
      await expect(notice).toContainText(usualWait(w));
      await shot(page, `${locale}-waiting-withdraw-confirm`);
      await modal.getByTestId('withdraw-confirm-submit').click();
      await expect(modal).toBeHidden();

      const chip = page.getByTestId('wallet-payout-waiting');
      await expect(chip).toHaveText(fill(w.payoutChip, { amount: baht(25_000) }), {
        timeout: 5_000,
      });
      await page.reload();
      await expect(chip).toHaveText(fill(w.payoutChip, { amount: baht(25_000) }));
      await shot(page, `${locale}-waiting-wallet-chip`);

      const statement = await memberMoney(api, token).statement(1);
      const withdrawal = await api.get<{ items: { id: string; kind: string }[] }>(
        '/api/wallet/waiting',
        { token },
      );
      const id = withdrawal.items.find((item) => item.kind === 'payout')?.id;
      expect(id, JSON.stringify(statement)).toBeTruthy();
      await financeDecides(
        `/api/admin/claims/withdrawals/${id}`,
        `/api/admin/withdrawals/${id}/approve`,
        {},
      );
      await expect(page.getByText(fill(w.toldPaid, { amount: baht(25_000) }))).toBeVisible({
        timeout: 15_000,
      });
      await expect(chip).toHaveCount(0);
      await shot(page, `${locale}-waiting-withdraw-told`);

      // The receipt quotes a short reference, not the row's UUID (issue 28 item 11).
      await page.goto('/user/statement');
      await page.getByTestId('statement-row').first().getByTestId('statement-open').click();
      await expect(page.getByTestId('receipt-id-value')).toHaveText(/^[0-9A-F]{8}$/);
      await shot(page, `${locale}-waiting-receipt`);
    });
  });
}
