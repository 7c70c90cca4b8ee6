import type { QrState } from '@mekong/contracts/deposit';
import { expect, test } from './support/fixtures.ts';
import {
  countdownSeconds,
  depositEn as en,
  makeGiftLink,
  makeSlip,
  newQrPayment,
  openDepositModal,
  operatorDepositAccount,
  payQr,
  qrPayments,
  refreshUntil,
} from './support/deposit.ts';
import { baht, fill, memberMoney, readStatementRows, signIn } from './support/money.ts';
import { screenshot } from './support/screenshot.ts';

test.describe('money in through the deposit modal', () => {
  test('one QR: the lowest minimum, a ticking countdown, and once paid in the sandbox it confirms itself with the new balance', async ({
    page,
    api,
    member,
  }) => {
    const token = await api.login(member.phone, member.password);
    const cash = page.getByTestId('wallet-cash');
    await signIn(page, api, token);
    await expect(cash).toHaveText(baht(0));

    const modal = await openDepositModal(page, 'qr');
    const amount = modal.getByTestId('deposit-amount');
    const create = modal.getByTestId('deposit-create');
    // One QR form: the server picks the gateway (docs/decisions/0022-one-qr-button.md); KBANK takes anything above 0.
    await expect(modal.getByRole('tab')).toHaveCount(0);
    await expect(create).toBeDisabled();
    await amount.fill('0');
    await expect(create).toBeDisabled();
    await expect(modal.getByText(en.deposit.amountInvalid)).toBeVisible();
    await modal.getByTestId('deposit-quick-100').click();
    await expect(amount).toHaveValue('100');
    await expect(create).toBeEnabled();

    const before = new Set((await qrPayments('KBANK')).map((p) => p.reference));
    await create.click();
    const active = modal.getByTestId('deposit-qr-active');
    await expect(active).toBeVisible();
    await expect(active).toHaveAttribute('data-provider', 'KBANK');
    await expect(active.getByTestId('deposit-qr-amount')).toHaveText(baht(100));
    await expect(active.getByTestId('deposit-qr').locator('svg')).toBeVisible();

    // The countdown is mm:ss, starts within the 10-minute expiry and ticks down.
    const countdown = active.getByTestId('deposit-countdown');
    await expect(countdown).toHaveText(/^\d{2}:\d{2}$/);
    const first = countdownSeconds(await countdown.innerText());
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(600);
    await expect
      .poll(async () => countdownSeconds(await countdown.innerText()), { timeout: 5_000 })
      .toBeLessThan(first);
    await screenshot(page, 'deposit-1-kbank-qr');

    // The server knows the QR; the sandbox gateway holds exactly one new pending payment of 100 baht for it, under
    // the reference the modal shows.
    const state = await api.get<QrState>('/api/qrcode/KBANK', { token });
    expect(state).toMatchObject({ hasQrcode: true, amount: 100 });
    const created = await newQrPayment('KBANK', before, modal);
    expect(created).toMatchObject({ amountMinor: 10_000, status: 'pending' });
    await expect(active.getByTestId('deposit-qr-reference')).toHaveText(created.reference);

    // The member pays it in the banking app; the gateway's signed webhook reaches the server and credits the wallet.
    const paid = await payQr('KBANK', created.reference);
    expect(paid.data.payment.status).toBe('paid');
    expect(paid.data.deliveries).toHaveLength(1);
    expect(paid.data.deliveries[0]!.httpStatus).toBe(200);

    // With no action by the member, the open modal confirms it within 5 s: amount and new balance.
    const success = modal.getByTestId('deposit-success');
    await expect(success).toBeVisible({ timeout: 5_000 });
    await expect(success).toHaveAttribute('data-status', 'SUCCESS');
    await expect(success.getByText(en.depositFlow.paid.title)).toBeVisible();
    await expect(success.getByTestId('deposit-paid-amount')).toHaveText(`+${baht(100)}`);
    await expect(success.getByTestId('deposit-paid-balance')).toHaveText(baht(100), { timeout: 5_000 });
    await expect(active).toHaveCount(0);
    await screenshot(page, 'deposit-2-kbank-paid');

    // Home already shows it (the wallet was read again), and the paid QR is no longer waiting.
    await success.getByTestId('deposit-paid-done').click();
    await expect(modal).toBeHidden();
    await expect(cash).toHaveText(baht(100));
    expect(await api.get<QrState>('/api/qrcode/KBANK', { token })).toMatchObject({
      hasQrcode: false,
      payment: { status: 'SUCCESS', amount: 100 },
    });

    await page.goto('/user/statement');
    await expect(page.getByTestId('statement-row')).toHaveCount(1);
    const [row] = await readStatementRows(page);
    expect(row).toMatchObject({
      type: 'deposit',
      status: 'SUCCESS',
      amount: `+${baht(100)}`,
      statusText: en.statement.status.success,
    });
    await screenshot(page, 'deposit-3-statement');
  });

  test('"transfer done" (docs/spec.md §4) still asks to refresh the balance and closes the modal', async ({
    page,
    api,
    member,
  }) => {
    const token = await api.login(member.phone, member.password);
    const cash = page.getByTestId('wallet-cash');
    await signIn(page, api, token);
    const modal = await openDepositModal(page, 'qr');
    const before = new Set((await qrPayments('KBANK')).map((p) => p.reference));
    await modal.getByTestId('deposit-quick-20').click();
    await modal.getByTestId('deposit-create').click();
    await expect(modal.getByTestId('deposit-qr-amount')).toHaveText(baht(20));
    const created = await newQrPayment('KBANK', before, modal);

    await modal.getByTestId('deposit-done').click();
    await expect(modal).toBeHidden();
    await expect(page.getByText(en.deposit.doneMessage)).toBeVisible();
    await payQr('KBANK', created.reference);
    await refreshUntil(page, cash, baht(20));
  });

  test('a cancelled QR is gone, also after reopening the modal', async ({ page, api, member }) => {
    const token = await api.login(member.phone, member.password);
    await signIn(page, api, token);

    let modal = await openDepositModal(page, 'qr');
    await modal.getByTestId('deposit-quick-50').click();
    await modal.getByTestId('deposit-create').click();
    const active = modal.getByTestId('deposit-qr-active');
    await expect(active.getByTestId('deposit-qr-amount')).toHaveText(baht(50));
    expect(await api.get<QrState>('/api/qrcode/KBANK', { token })).toMatchObject({
      hasQrcode: true,
      amount: 50,
    });

    await active.getByTestId('deposit-cancel').click();
    await expect(active).toBeHidden();
    await expect(modal.getByTestId('deposit-create')).toBeVisible();
    expect(await api.get<QrState>('/api/qrcode/KBANK', { token })).toMatchObject({
      hasQrcode: false,
    });

    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    // Nothing waits any more: the modal opens on the list of methods.
    modal = await openDepositModal(page);
    await expect(modal.getByTestId('deposit-methods')).toBeVisible();
    await expect(modal.getByTestId('deposit-method-qr-waiting')).toHaveCount(0);
    await modal.getByTestId('deposit-method-qr').click();
    await expect(modal.getByTestId('deposit-create')).toBeVisible();
    await expect(modal.getByTestId('deposit-qr-active')).toHaveCount(0);
  });

  test('slip: upload credits once, a second upload is a duplicate, both in the slip status list', async ({
    page,
    api,
    member,
  }) => {
    const token = await api.login(member.phone, member.password);
    const money = memberMoney(api, token);
    const receiver = await operatorDepositAccount(api);
    const slip = await makeSlip(member, receiver, 250);
    const cash = page.getByTestId('wallet-cash');

    await signIn(page, api, token);
    await expect(cash).toHaveText(baht(0));
    const modal = await openDepositModal(page, 'slip');
    const input = modal.getByTestId('slip-upload-input');
    const result = modal.getByTestId('slip-upload-result');

    await input.setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: slip.png });
    const success = modal.getByTestId('deposit-success');
    await expect(success).toHaveAttribute('data-method', 'slip', { timeout: 30_000 });
    await expect(success.getByTestId('deposit-paid-amount')).toHaveText(`+${baht(250)}`);
    await expect(cash).toHaveText(baht(250));
    await screenshot(page, 'deposit-4-slip-accepted');

    // The same slip again: refused as already used, nothing credited.
    await success.getByTestId('deposit-paid-again').click();
    await modal.getByTestId('deposit-method-slip').click();
    await input.setInputFiles({ name: 'slip-again.png', mimeType: 'image/png', buffer: slip.png });
    await expect(result).toHaveAttribute('data-status', 'FAILED', { timeout: 30_000 });
    await expect(result).toHaveAttribute('data-reason', 'REFERENCE_DUPLICATED');
    await expect(result.locator('.slip-result')).toHaveText(
      fill(en.slip.failed, { reason: en.slip.reasons.referenceDuplicated }),
    );
    await screenshot(page, 'deposit-5-slip-duplicate');
    expect((await money.wallet()).wallet.amount).toBe(250);
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(cash).toHaveText(baht(250));

    await page.goto('/user/statement');
    await expect(page.getByTestId('statement-row')).toHaveCount(1);
    expect((await readStatementRows(page))[0]).toMatchObject({
      type: 'deposit',
      status: 'SUCCESS',
      amount: `+${baht(250)}`,
    });

    await page.getByTestId('statement-slip-status').click();
    const slips = page.getByTestId('slip-status-modal');
    await expect(slips).toBeVisible();
    const rows = slips.getByTestId('slip-row');
    await expect(rows).toHaveCount(2);
    // Newest first: the refused duplicate, then the accepted slip.
    const refused = rows.nth(0);
    await expect(refused).toHaveAttribute('data-status', 'FAILED');
    await expect(refused.getByTestId('slip-status')).toHaveText(en.statement.status.failed);
    await expect(refused.getByTestId('slip-reason')).toHaveText(
      en.slip.reasons.referenceDuplicated,
    );
    const accepted = rows.nth(1);
    await expect(accepted).toHaveAttribute('data-status', 'SUCCESS');
    await expect(accepted.getByTestId('slip-amount')).toHaveText('250.00');
    await expect(accepted.getByTestId('slip-status')).toHaveText(en.statement.status.success);
    await expect(accepted.getByTestId('slip-reason')).toHaveCount(0);
    await expect(accepted.getByTestId('slip-view')).toBeVisible();
    // A 44 × 44 touch target, though the word is short (issue 28 item 11).
    const view = await accepted.getByTestId('slip-view').boundingBox();
    expect(Math.min(view?.width ?? 0, view?.height ?? 0)).toBeGreaterThanOrEqual(44);
    await expect(accepted.getByTestId('slip-date')).toHaveText(
      /^\d{2}\/\d{2}\/\d{4}\s+\d{2}:\d{2}:\d{2}$/,
    );
    await slips.getByTestId('slip-refresh').click();
    await expect(rows).toHaveCount(2);
    await screenshot(page, 'deposit-6-slip-status');
  });

  test('slip from another account is refused with its reason and credits nothing', async ({
    page,
    api,
    member,
  }) => {
    const token = await api.login(member.phone, member.password);
    const receiver = await operatorDepositAccount(api);
    // Same bank, last digit changed: someone else's account.
    const stranger = {
      ...member,
      bankAccountNo: member.bankAccountNo.replace(/\d$/, (d) => String((Number(d) + 1) % 10)),
    };
    const slip = await makeSlip(stranger, receiver, 120);

    await signIn(page, api, token);
    const modal = await openDepositModal(page, 'slip');
    const result = modal.getByTestId('slip-upload-result');
    await modal
      .getByTestId('slip-upload-input')
      .setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: slip.png });
    await expect(result).toHaveAttribute('data-status', 'FAILED', { timeout: 30_000 });
    await expect(result).toHaveAttribute('data-reason', 'PLAYER_ACCOUNT_MISMATCH');
    await expect(result.locator('.slip-result')).toHaveText(
      fill(en.slip.failed, { reason: en.slip.reasons.playerAccountMismatch }),
    );
    expect((await memberMoney(api, token).wallet()).wallet.amount).toBe(0);
  });

  test('gift link: send disabled when empty, credits once, a second send is a duplicate', async ({
    page,
    api,
    member,
  }) => {
    const token = await api.login(member.phone, member.password);
    const link = await makeGiftLink(member.phone, 50);
    const cash = page.getByTestId('wallet-cash');

    await signIn(page, api, token);
    await expect(cash).toHaveText(baht(0));
    const modal = await openDepositModal(page, 'giftLink');
    const input = modal.getByTestId('truelink-input');
    const send = modal.getByTestId('truelink-submit');
    await expect(send).toBeDisabled();
    await input.fill('   ');
    await expect(send).toBeDisabled();

    await input.fill(link);
    await expect(send).toBeEnabled();
    await send.click();
    const success = modal.getByTestId('deposit-success');
    await expect(success).toHaveAttribute('data-method', 'giftLink');
    await expect(success.getByTestId('deposit-paid-amount')).toHaveText(`+${baht(50)}`);
    await expect(cash).toHaveText(baht(50));
    await screenshot(page, 'deposit-7-gift-link');

    await success.getByTestId('deposit-paid-again').click();
    await modal.getByTestId('deposit-method-giftLink').click();
    await input.fill(link);
    await send.click();
    await expect(modal.getByText(en.errors.TRUELINK_DUPLICATE)).toBeVisible();
    expect((await memberMoney(api, token).wallet()).wallet.amount).toBe(50);
    await screenshot(page, 'deposit-8-gift-link-duplicate');
  });
});
