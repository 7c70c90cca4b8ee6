/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { uniquePhone } from './support/data.ts';
import { expect, test } from './support/fixtures.ts';
import { screenshot } from './support/screenshot.ts';
import { readOtp, readOutbox } from './support/sms.ts';

type Texts = {
  forgotPassword: Record<'link' | 'mismatch' | 'done' | 'ref', string> & {
    steps: Record<'phone' | 'code' | 'password', string>;
  };
  errors: Record<'OTP_CODE_INVALID' | 'WRONG_CREDENTIAL', string>;
};

/** The app is Thai by default; its own locale file gives the texts the member sees. */
const th = JSON.parse(
  readFileSync(new URL('../apps/web/src/locales/th.json', import.meta.url), 'utf8'),
) as Texts;

function currentStep(page: Page) {
  return page.locator('li[aria-current="step"]');
}

/** The 4-letter reference the code step shows, matching the SMS's. */
async function shownRef(page: Page): Promise<string> {
  const ref = page.getByTestId('forgot-code-ref');
  await expect(ref).toHaveText(/\b[A-Z]{4}\b/);
  return /\b([A-Z]{4})\b/.exec((await ref.textContent()) ?? '')?.[1] ?? '';
}

test.describe('forgot password', () => {
  test('a member resets the password with the SMS code, is signed in, and signs in again with the new one only', async ({
    page,
    api,
    member,
  }) => {
    test.slow(); // three steps, two sign-ins
    const newPassword = 'reset-pass-789';
    const otherDevice = await api.login(member.phone, member.password);

    await page.goto('/login');
    await page.getByTestId('login-phone').fill(member.phone);
    await page.getByRole('link', { name: th.forgotPassword.link }).click();
    await expect(page).toHaveURL(/\/forgot-password\?phone=\d{10}$/);
    await expect(currentStep(page)).toHaveText(new RegExp(th.forgotPassword.steps.phone));
    // The phone typed on /login comes along.
    await expect(page.getByTestId('forgot-phone')).toHaveValue(member.phone);
    await page.getByTestId('forgot-phone-submit').click();

    // Step 2: the code from the sandbox's SMS outbox, its reference the one on screen.
    await expect(currentStep(page)).toHaveText(new RegExp(th.forgotPassword.steps.code));
    const refno = await shownRef(page);
    const code = await readOtp(member.phone, { refno });
    await expect(page.getByTestId('forgot-code-resend')).toBeDisabled();
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByTestId('forgot-code').fill(wrong);
    await page.getByTestId('forgot-code-submit').click();
    // A wrong code is said at the code field.
    await expect(page.getByTestId('forgot-code')).toHaveAccessibleDescription(
      th.errors.OTP_CODE_INVALID,
    );
    await expect(currentStep(page)).toHaveText(new RegExp(th.forgotPassword.steps.code));
    await page.getByTestId('forgot-code').fill(code);
    await page.getByTestId('forgot-code-submit').click();

    // Step 3: the new password twice.
    await expect(currentStep(page)).toHaveText(new RegExp(th.forgotPassword.steps.password));
    await page.getByTestId('forgot-password').fill(newPassword);
    await page.getByTestId('forgot-confirm').fill(`${newPassword}x`);
    await page.getByTestId('forgot-submit').click();
    await expect(page.getByTestId('forgot-confirm')).toHaveAccessibleDescription(
      th.forgotPassword.mismatch,
    );
    await page.getByTestId('forgot-confirm').fill(newPassword);
    await page.getByTestId('forgot-submit').click();

    // Signed in with the new password, in the member area.
    await expect(page).toHaveURL(/\/user\/home$/);
    await expect(page.getByText(th.forgotPassword.done, { exact: true })).toBeVisible();
    await expect(page.getByTestId('header-name')).toHaveText(member.name);

    // Every earlier session ended; the old password no longer signs in, the new one does.
    expect((await api.call('GET', '/api/account/profile', { token: otherDevice })).status).toBe(
      401,
    );
    const old = await api.call('POST', '/api/login', {
      body: { username: member.phone, password: member.password },
    });
    expect(old.body).toEqual({ message: 'WRONG_CREDENTIAL' });

    await page.evaluate(() => sessionStorage.clear());
    await page.goto('/login');
    await page.getByTestId('login-phone').fill(member.phone);
    await page.getByTestId('login-password').fill(member.password);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toHaveText(th.errors.WRONG_CREDENTIAL);
    await page.getByTestId('login-password').fill(newPassword);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/user\/home$/);
    await expect(page.getByTestId('header-name')).toHaveText(member.name);
  });

  test('a phone that is no member sees the same code step, and no SMS is sent', async ({
    page,
  }) => {
    const phone = uniquePhone();
    await page.goto('/forgot-password');
    await page.getByTestId('forgot-phone').fill(phone);
    await page.getByTestId('forgot-phone-submit').click();
    await expect(currentStep(page)).toHaveText(new RegExp(th.forgotPassword.steps.code));
    await shownRef(page);
    await page.getByTestId('forgot-code').fill('123456');
    await page.getByTestId('forgot-code-submit').click();
    await expect(page.getByTestId('forgot-code')).toHaveAccessibleDescription(
      th.errors.OTP_CODE_INVALID,
    );
    expect(await readOutbox(phone)).toEqual([]);
    await screenshot(page, 'forgot-password-unknown-phone');
  });
});
