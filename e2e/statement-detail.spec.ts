/// <reference lib="dom" />
import { readFile } from 'node:fs/promises';
import { expect, test } from './support/fixtures.ts';
import { baht, signIn } from './support/money.ts';
import { screenshot } from './support/screenshot.ts';
import { qrBankAndGameMoves, statementTexts } from './support/statement.ts';

const en = statementTexts('en');

/** The width and height a PNG declares in its header. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test.describe('statement rows tell the truth and open (issue 9)', () => {
  test('a QR deposit, a bank credit and a game transfer: each row shows its channel and opens its receipt; the type filter asks the server', async ({
    page,
    api,
    member,
  }) => {
    test.setTimeout(120_000);
    const token = await api.login(member.phone, member.password);
    const { qrReference, wallet } = await qrBankAndGameMoves(api, member, token);
    const pgName = wallet.slots.find((g) => g.code === 'PG')!.name;
    const suffix = member.bankAccountNo.slice(-4);

    await signIn(page, api, token, '/user/statement');
    const rows = page.getByTestId('statement-row');
    await expect(rows).toHaveCount(3);
    // Newest first, all today: one day header.
    await expect(page.getByTestId('statement-day')).toHaveCount(1);
    await expect(page.getByTestId('statement-day-name')).toHaveText(en.dates.today);

    const [transfer, bank, qr] = [rows.nth(0), rows.nth(1), rows.nth(2)];
    await expect(transfer).toHaveAttribute('data-channel', 'game');
    await expect(transfer.getByTestId('statement-channel')).toHaveText(
      new RegExp(`→ ${pgName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    );
    await expect(bank).toHaveAttribute('data-channel', 'bank');
    await expect(bank.getByTestId('statement-channel')).toHaveText(
      `${en.statementFlow.channels.bank} · ${member.bankCode} ···${suffix}`,
    );
    await expect(qr).toHaveAttribute('data-channel', 'qr');
    await expect(qr.getByTestId('statement-channel')).toHaveText(
      `${en.statementFlow.channels.qr} · KBANK`,
    );
    await expect(qr.getByTestId('statement-reference')).toContainText(qrReference);
    await screenshot(page, 'statement-detail-1-rows', { fullPage: true });

    // The QR deposit's receipt.
    const sheet = page.getByTestId('statement-detail');
    await qr.getByTestId('statement-open').click();
    await expect(sheet).toBeVisible();
    await expect(sheet.getByTestId('receipt-amount')).toHaveText(`+${baht(123.45)}`);
    await expect(sheet.getByTestId('receipt-channel-value')).toHaveText(
      `${en.statementFlow.channels.qr} · KBANK`,
    );
    await expect(sheet.getByTestId('receipt-reference-value')).toHaveText(qrReference);
    await expect(sheet.getByTestId('receipt-from-value')).toHaveText('KBANK QR');
    await screenshot(page, 'statement-detail-2-qr');

    // Saved as a PNG of the receipt (360 CSS px at 3×).
    const download = page.waitForEvent('download');
    await sheet.getByTestId('receipt-save').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^receipt-[\w-]+\.png$/);
    const size = pngSize(await readFile((await file.path())!));
    expect(size.width).toBe(1080);
    expect(size.height).toBeGreaterThan(1080);
    await expect(page.getByText(en.statementFlow.detail.saved)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();

    // The bank credit's receipt: the member's bank, in English here, and only the end of the account number.
    await bank.getByTestId('statement-open').click();
    await expect(sheet.getByTestId('receipt-channel-value')).toHaveText(
      en.statementFlow.channels.bank,
    );
    await expect(sheet.getByTestId('receipt-from-value')).toHaveText(
      `Siam Commercial Bank ···${suffix}`,
    );
    await expect(sheet).not.toContainText(member.bankAccountNo);
    await page.keyboard.press('Escape');

    // The transfer's receipt names the game.
    await transfer.getByTestId('statement-open').click();
    await expect(sheet.getByTestId('receipt-channel-value')).toHaveText(
      en.statementFlow.channels.game,
    );
    await expect(sheet.getByTestId('receipt-game-value')).toHaveText(pgName);
    await expect(sheet.getByTestId('receipt-to-value')).toHaveText(pgName);
    await expect(sheet.getByTestId('receipt-amount')).toHaveText(baht(300));
    await page.keyboard.press('Escape');

    // The type filter is the server's: each chip asks for its type and shows only it.
    const asked = async (chip: string) => {
      const request = page.waitForRequest(
        (r) => r.url().endsWith('/api/statement') && r.method() === 'POST',
      );
      await page.getByTestId(`statement-filter-${chip}`).click();
      return (await request).postDataJSON() as { page: number; type?: string };
    };
    expect(await asked('deposit')).toEqual({ page: 1, limit: 10, type: 'deposit' });
    await expect(rows).toHaveCount(2);
    await expect(rows.and(page.locator('[data-type="deposit"]'))).toHaveCount(2);
    await screenshot(page, 'statement-detail-3-filter-deposit', { fullPage: true });
    expect(await asked('transfer')).toEqual({ page: 1, limit: 10, type: 'transfer' });
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-type', 'transfer');
    expect(await asked('withdraw')).toEqual({ page: 1, limit: 10, type: 'withdraw' });
    await expect(page.getByTestId('statement-empty')).toContainText(
      en.statementFlow.emptyFiltered.withdraw,
    );
    await expect(rows).toHaveCount(0);
    await page.getByTestId('statement-show-all').click();
    await expect(page.getByTestId('statement-filter-all')).toHaveAttribute('aria-pressed', 'true');
    await expect(rows).toHaveCount(3);
  });
});
