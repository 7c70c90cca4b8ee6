import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { api } from './support/api.ts';
import { BACKOFFICE_VIEWPORT, openBackoffice } from './support/backoffice.ts';
import { memberBonus } from './support/bonus.ts';
import { creditFromBank, memberMoney } from './support/money.ts';

/** Promotions in the back office (docs/back-office/promotions.md): bonus editor, preview, wheel odds, rates. */

test.use(BACKOFFICE_VIEWPORT);

const SHOTS = process.env.BO_SHOTS_DIR ?? '/tmp/bo-shots/promotions';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled', fullPage: true });
}

const code = () => `E2E${Date.now().toString(36).toUpperCase()}`;

test.describe('promotions (back office)', () => {
  test('marketing creates a bonus, previews it for a member, publishes it, and the member is offered it', async ({
    page,
  }) => {
    const member = await api.registerMember();
    const token = await api.login(member.phone, member.password);
    const bonusCode = code();

    await openBackoffice(page, 'marketing', '/promotions');
    await expect(page.getByRole('heading', { name: 'โปรโมชั่น' })).toBeVisible();
    await expect(page.getByRole('row', { name: /NEWMEMBER100/ })).toContainText('เผยแพร่แล้ว');
    await page.getByRole('button', { name: 'โบนัสใหม่' }).click();

    const editor = page.getByRole('form', { name: 'แก้ไขโบนัส' });
    await editor.getByLabel('โค้ด', { exact: true }).fill(bonusCode);
    const names = editor.getByRole('group', { name: 'ชื่อ' });
    await names.getByLabel('ไทย').fill('โบนัสทดสอบ 20%');
    await names.getByLabel('ลาว').fill('ໂບນັດທົດສອບ 20%');
    await names.getByLabel('อังกฤษ').fill('Test bonus 20%');
    const descriptions = editor.getByRole('group', { name: 'รายละเอียด' });
    await descriptions.getByLabel('ไทย').fill('ฝากรับ 20%');
    await descriptions.getByLabel('ลาว').fill('ຝາກຮັບ 20%');
    await descriptions.getByLabel('อังกฤษ').fill('Deposit and get 20%');
    await editor.getByLabel('เปอร์เซ็นต์', { exact: true }).fill('20');
    // A wrong amount is refused by the contract's schema in the form, with its text.
    await editor.getByLabel('สูงสุด', { exact: true }).fill('12.345');
    await editor.getByRole('button', { name: 'สร้างฉบับร่าง' }).click();
    await expect(editor.getByRole('alert').first()).toHaveText(
      'กรอกจำนวนเงินให้ถูกต้อง (ยอดสูงสุดต้องไม่น้อยกว่ายอดต่ำสุด)',
    );
    await editor.getByLabel('สูงสุด', { exact: true }).fill('500');
    await editor.getByRole('button', { name: 'สร้างฉบับร่าง' }).click();
    await expect(editor.getByText('ฉบับร่าง', { exact: true })).toBeVisible();

    // The member does not see a draft.
    expect((await memberBonus(api, token).list()).bonuses.map((b) => b.code)).not.toContain(
      bonusCode,
    );

    const preview = page.getByRole('complementary', { name: 'ดูตัวอย่างสำหรับสมาชิก' });
    await preview.getByLabel('เบอร์โทรหรือรหัสสมาชิก').fill(member.phone);
    // No deposit yet: the code activation would answer, with its text.
    await preview.getByRole('button', { name: 'ดูตัวอย่าง' }).click();
    await expect(preview.getByTestId('preview-result')).toContainText('BONUS_NO_DEPOSIT');
    await shot(page, 'bonus-preview-refused-th');
    await preview.getByLabel('ยอดฝากสมมุติ (บาท ไม่บังคับ)').fill('1000');
    await preview.getByRole('button', { name: 'ดูตัวอย่าง' }).click();
    await expect(preview.getByTestId('preview-result')).toContainText('จะได้รับ ฿200.00');
    await shot(page, 'bonus-editor-preview-th');

    await editor.getByRole('button', { name: 'เผยแพร่' }).click();
    await expect(
      page.getByRole('form', { name: 'แก้ไขโบนัส' }).getByText('เผยแพร่แล้ว', { exact: true }),
    ).toBeVisible();
    await expect
      .poll(async () => (await memberBonus(api, token).list()).bonuses.map((b) => b.code))
      .toContain(bonusCode);
  });

  test('the wheel shows the odds as weights are typed, and members get the saved odds', async ({
    page,
  }) => {
    const member = await api.registerMember();
    const token = await api.login(member.phone, member.password);
    await openBackoffice(page, 'marketing', '/promotions?tab=wheel');
    await expect(page.getByTestId('odds-CASH5')).toContainText('25.00%');
    const firstWeight = page.getByRole('row').nth(1).getByLabel('น้ำหนัก');
    await firstWeight.fill('1250');
    // 1250 of 2000.
    await expect(page.getByTestId('odds-CASH5')).toContainText('62.50%');
    await shot(page, 'wheel-th');
    await page.getByRole('button', { name: 'บันทึก' }).first().click();
    await expect
      .poll(async () => {
        const setup = await api.get<{
          result: { activeSpinwheel: { slices: { code: string; probability: number }[] } };
        }>('/api/spinwheel/setup', { token });
        return setup.result.activeSpinwheel.slices.find((s) => s.code === 'CASH5')?.probability;
      })
      .toBe(0.625);
    // Back to the demo odds for other specs.
    await firstWeight.fill('250');
    await page.getByRole('button', { name: 'บันทึก' }).first().click();
    await expect(page.getByTestId('odds-CASH5')).toContainText('25.00%');
  });

  test('screens in Thai, English and Lao', async ({ page }) => {
    for (const locale of ['th', 'en', 'la'] as const) {
      await page.addInitScript(
        (value) => localStorage.setItem('mekong-backoffice-locale', value),
        locale,
      );
      await openBackoffice(page, 'owner', '/promotions');
      await expect(page.getByRole('row', { name: /NEWMEMBER100/ })).toBeVisible();
      await shot(page, `bonus-list-${locale}`);
      await page.getByRole('row', { name: /NEWMEMBER100/ }).click();
      await expect(page.getByRole('form')).toBeVisible();
      await shot(page, `bonus-editor-${locale}`);
      await page.goto('/backoffice/promotions?tab=wheel');
      await expect(page.getByTestId('odds-CASH5')).toBeVisible();
      await shot(page, `wheel-${locale}`);
      await page.goto('/backoffice/promotions?tab=rates');
      await expect(page.locator('form').first()).toBeVisible();
      await shot(page, `rates-${locale}`);
      await page.goto('/backoffice/promotions?tab=play');
      await expect(page.getByTestId('held-invites')).toBeVisible();
      await expect(page.locator('form').first()).toBeVisible();
      await shot(page, `play-${locale}`);
    }
  });

  test('a held invite (same address and browser as the inviter) is released by marketing with a reason', async ({ page }) => {
    const inviter = await api.registerMember();
    const friend = await api.registerMember({ inviteCode: `PR${inviter.id}` });
    const friendToken = await api.login(friend.phone, friend.password);
    await api.login(inviter.phone, inviter.password);
    await creditFromBank(friend, 500);
    await memberMoney(api, friendToken).waitForCash(500);
    await page.addInitScript(() => localStorage.setItem('mekong-backoffice-locale', 'en'));
    await openBackoffice(page, 'marketing', '/promotions?tab=play');
    const row = page.getByTestId('held-row').filter({ hasText: friend.phone });
    await expect(row).toContainText('address');
    await expect(row).toContainText('฿5.00');
    await shot(page, 'play-held-en');
    await row.getByTestId('held-release').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('textarea').fill('checked with both by phone');
    await shot(page, 'play-release-dialog-en');
    await dialog.getByRole('button', { name: 'Release' }).click();
    await expect(row).toHaveCount(0);
    const inviterToken = await api.login(inviter.phone, inviter.password);
    const figures = await api.post<{ inviteWaiting: number; inviteHeld: number }>('/api/invite', { page: 1, limit: 10 }, { token: inviterToken });
    expect(figures).toMatchObject({ inviteWaiting: 5, inviteHeld: 0 });
  });

  test('usable on a tablet (1024×768)', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.addInitScript(() => localStorage.setItem('mekong-backoffice-locale', 'en'));
    await openBackoffice(page, 'owner', '/promotions?bonus=DAILY10');
    await expect(page.getByRole('form')).toBeVisible();
    await shot(page, 'tablet-bonus-editor-en');
    await page.goto('/backoffice/promotions?tab=wheel');
    await expect(page.getByTestId('odds-CASH5')).toBeVisible();
    await shot(page, 'tablet-wheel-en');
  });
});
