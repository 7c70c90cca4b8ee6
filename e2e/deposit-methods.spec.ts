import { readFile } from 'node:fs/promises';
import type { DepositBank } from '@mekong/contracts/lookup';
import { expect, test } from './support/fixtures.ts';
import {
  chooseDepositMethod,
  depositEn as en,
  newQrPayment,
  openDepositModal,
  payQr,
  qrPayments,
} from './support/deposit.ts';
import { baht, fill, memberMoney, signIn } from './support/money.ts';

test.describe('choosing a deposit method', () => {
  test('the drawer offers every action of the spec; the modal lists the methods, QR first and recommended, with a way back', async ({
    page,
    api,
    member,
  }) => {
    await signIn(page, api, await api.login(member.phone, member.password));
    await page.getByTestId('plus-button').click();
    const drawer = page.getByTestId('action-drawer');
    await expect(drawer.getByRole('button')).toHaveCount(
      // Close, the spin tile (the demo wheel is on), deposit, withdraw, invite, bonus, refund, transfer (docs/spec.md §2).
      8,
    );
    for (const tile of ['spin', 'invite', 'bonus', 'refund'])
      await expect(drawer.getByTestId(`action-${tile}`)).toHaveCount(1);
    await page.keyboard.press('Escape');

    const modal = await openDepositModal(page);
    const methods = modal.getByTestId('deposit-methods').getByRole('button');
    await expect(methods).toHaveCount(4);
    expect(await methods.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).toEqual([
      'deposit-method-qr',
      'deposit-method-bank',
      'deposit-method-slip',
      'deposit-method-giftLink',
    ]);
    await expect(modal.getByTestId('deposit-method-qr')).toContainText(en.depositFlow.recommended);
    // One method at a time: no QR amount and no gift-link field on the list.
    await expect(modal.getByTestId('deposit-amount')).toHaveCount(0);
    await expect(modal.getByTestId('truelink-input')).toHaveCount(0);

    const view = await chooseDepositMethod(modal, 'giftLink');
    await expect(view.getByTestId('truelink-input')).toBeVisible();
    await expect(modal.getByTestId('deposit-methods')).toHaveCount(0);
    await modal.getByTestId('deposit-back').click();
    await expect(modal.getByTestId('deposit-methods')).toBeVisible();
  });

  test('deposit accounts of another currency are not listed; numbers are grouped on one line, names never cut', async ({
    page,
    api,
    member,
  }) => {
    // The demo operator also has a kip account (BCEL, LAK): the public lookup lists it, a baht member never sees it.
    const { banks } = await api.get<{ banks: DepositBank[] }>('/api/lookup/deposit');
    const kip = banks.filter((b) => b.currency === 'LAK');
    expect(kip.length).toBeGreaterThan(0);
    const bahtBanks = banks.filter((b) => b.currency === 'BAHT' && b.bankType !== 'withdraw');

    await signIn(page, api, await api.login(member.phone, member.password));
    const modal = await openDepositModal(page, 'bank');
    const rows = modal.locator('[data-testid^="deposit-bank-"]');
    await expect(rows).toHaveCount(bahtBanks.length);
    for (const bank of kip) await expect(modal.getByTestId(`deposit-bank-${bank.bankAccountNo}`)).toHaveCount(0);
    await expect(modal.getByTestId('deposit-bank-1423096718').getByTestId('deposit-account-no')).toHaveText(
      '142-3-09671-8',
    );

    // Every number on one line, every holder name whole (wrapped, never an ellipsis) at 390 px.
    for (const row of await modal.locator('.deposit-account').all()) {
      const no = row.getByTestId('deposit-account-no');
      const lineHeight = await no.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
      expect((await no.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
      expect(await no.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      const name = row.getByTestId('deposit-account-name');
      expect(await name.evaluate((el) => getComputedStyle(el).textOverflow)).not.toBe('ellipsis');
      expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    }
  });

  test('a QR can be saved as a PNG image with its amount and reference', async ({ page, api, member }) => {
    await signIn(page, api, await api.login(member.phone, member.password));
    const modal = await openDepositModal(page, 'qr');
    await modal.getByTestId('deposit-quick-500').click();
    await modal.getByTestId('deposit-create').click();
    const reference = await modal.getByTestId('deposit-qr-reference').innerText();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      modal.getByTestId('deposit-qr-save').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`qr-KBANK-500.00-${reference}.png`);
    const png = await readFile((await download.path())!);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    // Width and height from the IHDR chunk: drawn at twice its size, so the modules stay sharp.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 1520]);
    await expect(page.getByText(en.depositFlow.imageSaved)).toBeVisible();
  });

  test('a QR paid with another amount says it is being checked, and credits nothing', async ({
    page,
    api,
    member,
  }) => {
    const token = await api.login(member.phone, member.password);
    await signIn(page, api, token);
    const modal = await openDepositModal(page, 'qr');
    const before = new Set((await qrPayments('KBANK')).map((p) => p.reference));
    await modal.getByTestId('deposit-quick-100').click();
    await modal.getByTestId('deposit-create').click();
    await expect(modal.getByTestId('deposit-qr-active')).toBeVisible();
    const created = await newQrPayment('KBANK', before, modal);

    await payQr('KBANK', created.reference, { amountMinor: 90_00 });
    const held = modal.getByTestId('deposit-success');
    await expect(held).toHaveAttribute('data-status', 'PENDING', { timeout: 5_000 });
    await expect(held.getByText(en.depositFlow.held.title)).toBeVisible();
    await expect(held.getByText(fill(en.depositFlow.held.body, { amount: baht(90) }))).toBeVisible();
    await expect(held.getByTestId('deposit-paid-balance')).toHaveCount(0);
    expect((await memberMoney(api, token).wallet()).wallet.amount).toBe(0);
  });
});
