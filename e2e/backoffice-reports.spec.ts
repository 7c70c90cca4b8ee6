import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { api } from './support/api.ts';
import { BACKOFFICE_VIEWPORT, openBackoffice, operatorToken } from './support/backoffice.ts';
import { uniqueBankAccountNo } from './support/data.ts';
import { creditFromBank, memberMoney, playAtProvider } from './support/money.ts';
import { SERVER_URL } from './support/urls.ts';

test.use(BACKOFFICE_VIEWPORT);
// One product instance for the file: the figures of one test are the next one's starting point.
test.describe.configure({ mode: 'serial' });

const SHOTS = process.env.BO_SHOTS_DIR ?? '/tmp/bo-shots/reports';
/** The PG account the first test played with (the reconciliation test changes its balance at the provider). */
let playedAccount: string | null = null;

/** Today in Bangkok, the players' day the reports count in. */
const today = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);

async function summaryOf(token: string) {
  const response = await fetch(`${SERVER_URL}/api/admin/reports/summary`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-client': 'backoffice',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({ from: today(), to: today() }),
  });
  return (await response.json()) as {
    total: { currencies: { currency: string; deposits: { total: { amountMinor: string } } }[] };
  };
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false, animations: 'disabled' });
}

async function inLanguage(page: Page, locale: 'th' | 'en' | 'la') {
  await page.evaluate((value) => localStorage.setItem('mekong-backoffice-locale', value), locale);
  await page.reload();
}

test.describe('back office reports (docs/back-office/reports.md)', () => {
  test('finance reads the day: a bank deposit in the cards, chart and table, and downloads the CSV', async ({
    page,
  }) => {
    // The end-to-end server is shared with every other spec, so the day's figures hold their deposits too: this test
    // checks that its own deposit is counted and that the screen shows what the API answers; the exact arithmetic is
    // proved by apps/server/test/admin-reports.test.ts on a database of its own.
    const token = await operatorToken('finance');
    const depositsNow = async () =>
      BigInt(
        (await summaryOf(token)).total.currencies.find((c) => c.currency === 'THB')?.deposits.total
          .amountMinor ?? '0',
      );
    const before = await depositsNow();
    const member = await api.registerMember();
    await creditFromBank(member, 500);
    // The bank-feed job credits it within its interval.
    await expect
      .poll(async () => (await depositsNow()) - before >= 50_000n, { timeout: 30_000 })
      .toBe(true);

    // Into PG and partly back: the games figures of the day.
    const money = memberMoney(api, await api.login(member.phone, member.password));
    await money.activate('PG');
    await money.transfer('wallet', 'PG', 200);
    await money.transfer('PG', 'wallet', 50);
    playedAccount = (await money.account('PG')).username;

    await openBackoffice(page, 'finance', '/reports');
    const baht = (minor: bigint) =>
      `฿${(Number(minor) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    // The card shows the API's figure (read again after each reload, as other specs may deposit meanwhile).
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('button', { name: 'วันนี้' }).click();
          const expected = baht(await depositsNow());
          const shown = (await page.getByTestId('card-deposits').textContent()) ?? '';
          return shown.includes(expected) || shown.includes(baht(await depositsNow()));
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await expect(page.getByTestId('card-members')).toContainText(/\d/);
    await expect(page.getByTestId('daily-table')).toContainText(today());
    await expect(page.getByRole('img', { name: 'ยอดฝากและยอดจ่ายออกรายวัน' })).toBeVisible();
    await expect(page.getByRole('row', { name: /PG/ })).toContainText('฿');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'ดาวน์โหลด CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`summary-${today()}-${today()}.csv`);
    const text = readFileSync((await file.path())!, 'utf8');
    expect(text.startsWith('\uFEFFday,currency,group,item,count,amount_minor,amount')).toBe(true);
    expect(text).toContain(`${today()},THB,deposits,bank,`);

    await shot(page, 'reports-th');
    await inLanguage(page, 'en');
    await page.getByRole('button', { name: 'Today' }).click();
    await expect(page.getByTestId('card-deposits')).toContainText('฿');
    await shot(page, 'reports-en');
    await page.mouse.wheel(0, 700);
    await shot(page, 'reports-en-tables');
    await inLanguage(page, 'la');
    await page.getByRole('button', { name: 'ມື້ນີ້' }).click();
    await expect(page.getByTestId('card-deposits')).toContainText('฿');
    await shot(page, 'reports-la');
    // Usable on a tablet too.
    await page.setViewportSize({ width: 1024, height: 768 });
    await shot(page, 'reports-la-tablet');
  });

  test('the auditor runs the reconciliation and sees a bank line nobody was credited for', async ({
    page,
  }) => {
    // A round lost at the provider that the ledger has not synced yet (the sync job books it within a minute).
    if (playedAccount)
      await playAtProvider('PG', playedAccount, [{ betMinor: 10_00, winMinor: 0 }]);
    const stranger = { bankCode: 'KBANK', bankAccountNo: uniqueBankAccountNo() };
    await creditFromBank(stranger, 77);
    // The auditor has no money duties: account numbers show their last 4 digits (docs/back-office/reports.md#csv).
    const no = stranger.bankAccountNo;
    const shown = `KBANK ${'•'.repeat(no.length - 4)}${no.slice(-4)}`;
    await openBackoffice(page, 'auditor', '/reconciliation');
    await expect(page.getByText('เลือกวันที่แล้วเริ่มกระทบยอด', { exact: false })).toBeVisible();
    await shot(page, 'reconciliation-not-run-th');
    // The feed job records the line within its interval: run until this line is listed (other specs' lines may be
    // listed before it).
    await expect(async () => {
      await page.getByRole('button', { name: 'วันนี้' }).click();
      await expect(page.getByTestId('differences-table')).toContainText(shown, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByTestId('differences-table')).toContainText('ยังไม่ได้เติมเงิน');
    await expect(page.getByTestId('differences-table')).toContainText(shown);
    await expect(page.getByTestId('providers-table')).toContainText('PG');
    await shot(page, 'reconciliation-th');
    await inLanguage(page, 'en');
    await page.getByRole('button', { name: 'Today' }).click();
    await expect(page.getByTestId('differences-table')).toContainText('Line not credited');
    await shot(page, 'reconciliation-en');
    await inLanguage(page, 'la');
    await page.getByRole('button', { name: 'ມື້ນີ້' }).click();
    await expect(page.getByTestId('differences-table')).toContainText('ຍັງບໍ່ໄດ້ເຕີມເງິນ');
    await shot(page, 'reconciliation-la');
    await page.setViewportSize({ width: 1024, height: 768 });
    await shot(page, 'reconciliation-la-tablet');
  });

  test('support has no reports in the menu and the API refuses it', async ({ page }) => {
    const token = await openBackoffice(page, 'support', '/');
    await expect(page.getByRole('navigation').getByRole('link', { name: 'รายงาน' })).toHaveCount(0);
    const response = await fetch(`${SERVER_URL}/api/admin/reports/summary`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-client': 'backoffice',
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ from: today(), to: today() }),
    });
    expect(response.status).toBe(403);
  });
});
