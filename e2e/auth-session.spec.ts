/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { Api } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { screenshot } from './support/screenshot.ts';

type Texts = {
  session: Record<'ended' | 'endedTitle' | 'logoutTitle' | 'logoutConfirm' | 'stay', string>;
  header: Record<'logout', string>;
  nav: Record<'main' | 'statement', string>;
};

function texts(locale: 'th' | 'la' | 'en'): Texts {
  return JSON.parse(
    readFileSync(new URL(`../apps/web/src/locales/${locale}.json`, import.meta.url), 'utf8'),
  ) as Texts;
}
const en = texts('en');

/** Stores the token once (not on every load, so a logout sticks), in English, with the agreement accepted. */
async function signedInAt(page: Page, api: Api, token: string, path: string) {
  const { version } = await api.get<{ version: string }>('/api/lookup/agreements');
  await page.goto('/contact');
  await page.evaluate(
    ({ token, version }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('locale', 'en');
      localStorage.setItem('remember-agreement', version);
    },
    { token, version },
  );
  await page.goto(path);
}

test.describe('logout asks first', () => {
  test('"stay signed in" and Escape keep the session; confirming ends it, with no "session ended" notice', async ({
    page,
    api,
    member,
  }) => {
    const token = await api.login(member.phone, member.password);
    await signedInAt(page, api, token, '/user/profile');
    await expect(page.getByTestId('profile-username')).toHaveText(member.phone);

    const logout = page.getByRole('button', { name: en.header.logout });
    await logout.click();
    const dialog = page.getByTestId('logout-confirm');
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('role', 'alertdialog');
    await expect(dialog.getByRole('heading')).toHaveText(en.session.logoutTitle);
    await screenshot(page, 'logout-confirm');
    await dialog.getByRole('button', { name: en.session.stay }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/user\/profile$/);

    await logout.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token);
    expect((await api.call('GET', '/api/account/profile', { token })).status).toBe(200);

    await logout.click();
    await dialog.getByRole('button', { name: en.session.logoutConfirm }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-submit')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect((await api.call('GET', '/api/account/profile', { token })).status).toBe(401);
    // Leaving on purpose is no "your session ended" news.
    await expect(page.getByTestId('session-ended')).toHaveCount(0);
  });
});

test.describe('a session the server ended', () => {
  test('signed out elsewhere (a password change): the next call brings the member to /login with a clear notice, once', async ({
    page,
    api,
    member,
  }) => {
    const token = await api.login(member.phone, member.password);
    await signedInAt(page, api, token, '/user/profile');
    await expect(page.getByTestId('profile-username')).toHaveText(member.phone);

    // Another device changes the password: every other session, this one included, ends.
    const other = await api.login(member.phone, member.password);
    await api.put(
      '/api/account/changepwd',
      { oldPassword: member.password, newPassword: 'changed-pass-42' },
      { token: other },
    );

    await page
      .getByRole('navigation', { name: en.nav.main })
      .getByRole('link', { name: en.nav.statement })
      .click();
    await expect(page).toHaveURL(/\/login$/);
    const notice = page.getByTestId('session-ended');
    await expect(notice).toBeVisible();
    await expect(notice).toHaveAttribute('role', 'status');
    await expect(notice).toContainText(en.session.endedTitle);
    await expect(notice).toContainText(en.session.ended);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await screenshot(page, 'session-ended');

    // Said once: a later visit to /login is the plain form.
    await page.reload();
    await expect(page.getByTestId('login-submit')).toBeVisible();
    await expect(notice).toHaveCount(0);
  });

  for (const locale of ['th', 'la', 'en'] as const) {
    test(`an expired token (EXPIRED_AUTH_TOKEN) on opening a member page says so in ${locale}`, async ({
      page,
      api,
      member,
    }) => {
      const t = texts(locale);
      const token = await api.login(member.phone, member.password);
      await page.route('**/api/account/profile', (route) =>
        route.fulfill({ status: 401, json: { message: 'EXPIRED_AUTH_TOKEN' } }),
      );
      await signedInAt(page, api, token, '/contact');
      await page.evaluate((l) => localStorage.setItem('locale', l), locale);
      await page.goto('/user/profile');
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByTestId('session-ended')).toContainText(t.session.ended);
    });
  }

  test('a visitor who was never signed in sees no notice', async ({ page }) => {
    await page.goto('/user/home');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-submit')).toBeVisible();
    await expect(page.getByTestId('session-ended')).toHaveCount(0);
  });
});
