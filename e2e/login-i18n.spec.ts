/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { Api, TestMember } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { screenshot } from './support/screenshot.ts';

type Texts = {
  login: Record<'title' | 'phone' | 'password' | 'rememberMe' | 'submit', string>;
  nav: Record<'main' | 'home' | 'profile' | 'contact' | 'register' | 'login', string>;
  header: Record<'logout', string>;
  errors: Record<'WRONG_CREDENTIAL', string>;
};

/** The app's own locale files: the checks follow the copy, and prove the language really changed. */
function texts(locale: 'th' | 'la' | 'en'): Texts {
  return JSON.parse(
    readFileSync(new URL(`../apps/web/src/locales/${locale}.json`, import.meta.url), 'utf8'),
  ) as Texts;
}
const th = texts('th');

const languages = [
  { locale: 'th', htmlLang: 'th', name: 'Thai' },
  { locale: 'la', htmlLang: 'lo', name: 'Lao' },
  { locale: 'en', htmlLang: 'en', name: 'English' },
] as const;

/** Accepts the current agreement on this device beforehand, so the home page's agreement modal stays away. */
async function acceptAgreementBeforehand(page: Page, api: Api): Promise<void> {
  const { version } = await api.get<{ version: string }>('/api/lookup/agreements');
  await page.addInitScript((v) => localStorage.setItem('remember-agreement', v), version);
}

async function fillLogin(page: Page, member: Pick<TestMember, 'phone'>, password: string) {
  await page.getByTestId('login-phone').fill(member.phone);
  await page.getByTestId('login-password').fill(password);
}

function storedTokens(page: Page) {
  return page.evaluate(() => ({
    local: localStorage.getItem('token'),
    session: sessionStorage.getItem('token'),
  }));
}

test.describe('sign-in in each language', () => {
  for (const language of languages) {
    test(`${language.name}: labels, wrong-password error and sign-in`, async ({
      page,
      api,
      member,
    }) => {
      const t = texts(language.locale);
      await acceptAgreementBeforehand(page, api);
      await page.goto('/login');

      // Thai is the default language of the Thai build.
      await expect(page.locator('html')).toHaveAttribute('lang', 'th');
      await expect(page.getByTestId('lang-th')).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByTestId('login-submit')).toHaveText(th.login.submit);

      await page.getByTestId(`lang-${language.locale}`).click();
      await expect(page.locator('html')).toHaveAttribute('lang', language.htmlLang);
      await expect(page.getByTestId(`lang-${language.locale}`)).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      for (const other of languages.filter((l) => l.locale !== language.locale)) {
        await expect(page.getByTestId(`lang-${other.locale}`)).toHaveAttribute(
          'aria-pressed',
          'false',
        );
      }
      if (language.locale !== 'th') expect(t.login.submit).not.toBe(th.login.submit);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.login.title);
      await expect(page.getByLabel(t.login.phone, { exact: true })).toHaveAttribute(
        'data-testid',
        'login-phone',
      );
      await expect(page.getByLabel(t.login.password, { exact: true })).toHaveAttribute(
        'data-testid',
        'login-password',
      );
      await expect(page.getByText(t.login.rememberMe, { exact: true })).toBeVisible();
      await expect(page.getByTestId('login-submit')).toHaveText(t.login.submit);
      const publicMenu = page.getByRole('navigation', { name: t.nav.main });
      await expect(publicMenu.getByRole('link', { name: t.nav.register })).toHaveAttribute(
        'href',
        '/register',
      );
      expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe(language.locale);

      // A wrong password: the translated catalogue text under the form, gone as soon as the member types.
      await fillLogin(page, member, 'not-the-password');
      await page.getByTestId('login-submit').click();
      const error = page.getByTestId('login-error');
      await expect(error).toHaveText(t.errors.WRONG_CREDENTIAL);
      await expect(error).toHaveAttribute('role', 'alert');
      await expect(page.getByRole('form', { name: t.login.title }).getByRole('alert')).toHaveText(
        t.errors.WRONG_CREDENTIAL,
      );
      await expect(page).toHaveURL(/\/login$/);
      await screenshot(page, `login-${language.locale}-wrong-password`);
      await page.getByTestId('login-password').pressSequentially('x');
      await expect(error).toBeHidden();

      // The language survives a reload (kept under `locale`).
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', language.htmlLang);
      await expect(page.getByTestId('login-submit')).toHaveText(t.login.submit);

      await fillLogin(page, member, member.password);
      await page.getByTestId('login-submit').click();
      await expect(page).toHaveURL(/\/user\/home$/);
      await expect(page.getByTestId('header-name')).toHaveText(member.name);
      await expect(page.locator('html')).toHaveAttribute('lang', language.htmlLang);
      const memberMenu = page.getByRole('navigation', { name: t.nav.main });
      await expect(memberMenu.getByRole('link', { name: t.nav.home })).toHaveAttribute(
        'href',
        '/user/home',
      );
      await expect(memberMenu.getByRole('link', { name: t.nav.profile })).toHaveAttribute(
        'href',
        '/user/profile',
      );
      await expect(page.getByRole('button', { name: t.header.logout })).toBeVisible();
      await screenshot(page, `login-${language.locale}-home`);
    });
  }
});

test.describe('remember me', () => {
  test('ticked: the token is kept in localStorage and a new tab is still signed in', async ({
    page,
    context,
    api,
    member,
  }) => {
    await acceptAgreementBeforehand(page, api);
    await page.goto('/login');
    await fillLogin(page, member, member.password);
    await page.getByTestId('login-remember').check();
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/user\/home$/);

    const tokens = await storedTokens(page);
    expect(tokens.local).toEqual(expect.any(String));
    expect(tokens.session).toBeNull();
    const profile = await api.get<{ profile: { username: string } }>('/api/account/profile', {
      token: tokens.local!,
    });
    expect(profile.profile.username).toBe(member.phone);

    const other = await context.newPage();
    await other.goto('/user/profile');
    await expect(other.getByTestId('profile-username')).toHaveText(member.phone);
    await other.close();
  });

  test('not ticked: the token is kept in sessionStorage only and a new tab must sign in', async ({
    page,
    context,
    api,
    member,
  }) => {
    await acceptAgreementBeforehand(page, api);
    await page.goto('/login');
    // Signing in first forgets any stored session (docs/spec.md §2): a stale remembered token must not survive.
    await page.evaluate(() => localStorage.setItem('token', 'stale-remembered-token'));
    await fillLogin(page, member, member.password);
    await expect(page.getByTestId('login-remember')).not.toBeChecked();
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/user\/home$/);

    const tokens = await storedTokens(page);
    expect(tokens.session).toEqual(expect.any(String));
    expect(tokens.local).toBeNull();
    const profile = await api.get<{ profile: { username: string } }>('/api/account/profile', {
      token: tokens.session!,
    });
    expect(profile.profile.username).toBe(member.phone);

    // sessionStorage belongs to one tab: another tab of the same browser is signed out.
    const other = await context.newPage();
    await other.goto('/user/profile');
    await expect(other).toHaveURL(/\/login$/);
    await other.close();

    // This tab stays signed in across a reload.
    await page.goto('/user/profile');
    await expect(page.getByTestId('profile-username')).toHaveText(member.phone);
  });
});
