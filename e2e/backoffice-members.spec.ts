import type { Page } from '@playwright/test';
import { BACKOFFICE_VIEWPORT, confirmReauth, openBackoffice } from './support/backoffice.ts';
import { expect, test } from './support/fixtures.ts';

test.use(BACKOFFICE_VIEWPORT);

async function openMember(page: Page, query: string, name: string) {
  await page.getByTestId('member-query').fill(query);
  await page.getByRole('button', { name: 'ค้นหา', exact: true }).click();
  await page.getByRole('cell', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

test.describe('members in the back office (docs/back-office/members.md)', () => {
  test('support finds a member by phone, freezes them (sign-in refused) and unfreezes them', async ({
    page,
    member,
    api,
  }) => {
    await openBackoffice(page, 'support', '/members');
    await openMember(page, member.phone, member.name);

    await page.getByRole('button', { name: 'ระงับ', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').fill('สมาชิกแจ้งโทรศัพท์หาย');
    await dialog.getByRole('button', { name: 'ระงับ', exact: true }).click();
    await expect(page.getByText('สมาชิกนี้ถูกระงับ: เข้าสู่ระบบหรือทำรายการเงินไม่ได้')).toBeVisible();
    const refused = await api.call('POST', '/api/login', {
      body: { username: member.phone, password: member.password },
    });
    expect(refused.body).toEqual({ message: 'INACTIVE_USER' });

    await page.getByRole('button', { name: 'ยกเลิกการระงับ', exact: true }).click();
    await dialog.getByRole('textbox').fill('ยืนยันตัวตนแล้ว');
    await dialog.getByRole('button', { name: 'ยกเลิกการระงับ', exact: true }).click();
    await expect(page.getByText('สมาชิกนี้ถูกระงับ: เข้าสู่ระบบหรือทำรายการเงินไม่ได้')).toHaveCount(0);
    await api.login(member.phone, member.password);
  });

  test('finance credits a member (re-authenticated); the balance and the ledger show it', async ({
    page,
    member,
  }) => {
    await openBackoffice(page, 'finance', '/members');
    await openMember(page, member.id, member.name);
    await page.getByRole('button', { name: 'เพิ่ม / หักเงิน' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('จำนวนเงิน (THB)').fill('250.50');
    await dialog.getByRole('textbox', { name: /เหตุผล/ }).fill('ชดเชยรายการผิดพลาด');
    await dialog.getByRole('button', { name: 'ยืนยัน' }).click();
    // A sign-in within the last five minutes counts as a fresh re-authentication; otherwise the dialog asks.
    const credited = page.getByTestId('member-balances').getByText('฿250.50').first();
    const reauth = page.getByRole('dialog').getByLabel('รหัสผ่าน', { exact: true });
    await expect(credited.or(reauth)).toBeVisible();
    if (await reauth.isVisible()) await confirmReauth(page, 'finance');
    await expect(credited).toBeVisible();
    await page.getByRole('tab', { name: 'บัญชีแยกประเภทและรายการเดินบัญชี' }).click();
    await expect(page.getByRole('cell', { name: 'adjustment', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: '+฿250.50' })).toBeVisible();
  });
});
