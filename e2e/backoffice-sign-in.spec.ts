import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import {
  BACKOFFICE_VIEWPORT,
  demoOperator,
  freshOperator,
  openBackoffice,
  signInThroughPage,
} from './support/backoffice.ts';
import { SERVER_URL } from './support/urls.ts';

test.use(BACKOFFICE_VIEWPORT);

test.describe('back office sign-in (docs/decisions/0014-back-office.md#sign-in)', () => {
  test('a new auditor chooses their own password, enrols an authenticator from the QR page, keeps the recovery codes and reaches the shell', async ({
    page,
  }) => {
    const { username, password } = await freshOperator('auditor');
    await page.goto('/backoffice/');
    await expect(page).toHaveURL(/\/backoffice\/sign-in$/);
    await page.getByLabel('ชื่อผู้ใช้').fill(username);
    await page.getByLabel('รหัสผ่าน').fill(password);
    await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    // The password the owner saw works only to choose one of their own (docs/back-office/operators.md#first-sign-in).
    await expect(page.getByRole('heading', { name: 'ตั้งรหัสผ่านของคุณเอง' })).toBeVisible();
    const newPassword = page.getByLabel('รหัสผ่านใหม่', { exact: true });
    const again = page.getByLabel('ยืนยันรหัสผ่านใหม่', { exact: true });
    const save = page.getByRole('button', { name: 'บันทึกและดำเนินการต่อ' });
    await newPassword.fill('my-own-long-passphrase');
    await again.fill('my-own-long-passphrasf');
    await save.click();
    await expect(page.getByRole('alert')).toHaveText('รหัสผ่านทั้งสองช่องไม่ตรงกัน');
    await newPassword.fill(password);
    await again.fill(password);
    await save.click();
    await expect(page.getByRole('alert')).toHaveText('ตั้งรหัสผ่านที่ต่างจากรหัสที่ได้รับมา');
    await newPassword.fill('my-own-long-passphrase');
    await again.fill('my-own-long-passphrase');
    await save.click();
    await expect(page.getByRole('heading', { name: 'ตั้งค่าการยืนยันตัวตนสองขั้นตอน' })).toBeVisible();
    await expect(page.locator('.qr svg')).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByLabel('รหัสจากแอปยืนยันตัวตน').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'ยืนยัน' }).click();
    await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
    await page.getByRole('button', { name: 'บันทึกเรียบร้อยแล้ว' }).click();
    await expect(page.getByTestId('operator-name')).toContainText('Test auditor');
    await expect(
      page.getByRole('navigation').getByRole('link', { name: 'ประวัติการตรวจสอบ' }),
    ).toBeVisible();
  });

  test('a wrong code is refused with its message; the finance operator signs in with a TOTP code', async ({
    page,
  }) => {
    const { username, password } = demoOperator('finance');
    // Enrol through the shared helper first, then sign in through the page.
    await openBackoffice(page, 'finance');
    await page.evaluate(() => sessionStorage.clear());
    await page.goto('/backoffice/sign-in');
    await page.getByLabel('ชื่อผู้ใช้').fill(username);
    await page.getByLabel('รหัสผ่าน').fill(password);
    await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    await page.getByLabel('รหัสจากแอปยืนยันตัวตน').fill('000000');
    await page.getByRole('button', { name: 'ยืนยัน' }).click();
    await expect(page.getByRole('alert')).toHaveText('รหัสยืนยันตัวตนไม่ถูกต้องหรือถูกใช้ไปแล้ว');
    await page.getByRole('button', { name: 'เริ่มใหม่' }).click();
    await signInThroughPage(page, 'finance');
    await expect(page.getByTestId('operator-name')).toContainText('Demo finance');
    // Finance sees the money queues, not the audit trail.
    await expect(page.getByRole('link', { name: 'ประวัติการตรวจสอบ' })).toHaveCount(0);
  });

  test('the back office app is served under /backoffice with its history fallback; the API refuses a member', async ({
    request,
  }) => {
    const deep = await request.get(`${SERVER_URL}/backoffice/members/123`);
    expect(deep.status()).toBe(200);
    expect(await deep.text()).toContain('<div id="root">');
    const asMember = await request.get(`${SERVER_URL}/api/admin/auth/me`, {
      headers: { 'x-client': 'member-web' },
    });
    expect(asMember.status()).toBe(400);
  });
});
