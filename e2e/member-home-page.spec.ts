/// <reference lib="dom" />
import { expect, test } from './support/fixtures.ts';
import { hasReactRoot, holdEntryScript } from './support/hold-entry.ts';
import { creditFromBank, memberMoney, signIn } from './support/money.ts';
import { SERVER_URL } from './support/urls.ts';

/**
 * A signed-in member's home page comes from the server already drawn with the member's data
 * (docs/decisions/0021-member-home-page.md): the balance is on screen before the app's scripts have run, the app then
 * adopts that page (hydration) without asking for the data again, and signing out ends it.
 */
test('the home page arrives with the balance drawn, is adopted by the app, and stops after signing out', async ({
  page,
  api,
  member,
}) => {
  test.setTimeout(90_000);
  const token = await api.login(member.phone, member.password);
  await creditFromBank(member, 250);
  await memberMoney(api, token).waitForCash(250);
  const { version } = await api.get<{ version: string }>('/api/lookup/agreements');
  await page.addInitScript((agreed) => localStorage.setItem('remember-agreement', agreed), version);

  // Signs in as a member does, remembered.
  await page.goto('/login');
  await page.getByTestId('login-phone').fill(member.phone);
  await page.getByTestId('login-password').fill(member.password);
  await page.getByTestId('login-remember').check();
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/user\/home$/);
  await expect(page.getByTestId('wallet-cash')).toContainText('250.00');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'home_session');
  // Set by the server, out of the scripts' reach, holding a key of its own rather than the session token.
  expect(cookie).toMatchObject({ path: '/user/home', sameSite: 'Lax', httpOnly: true });
  expect(cookie!.value).not.toBe(await page.evaluate(() => localStorage.getItem('token')));
  expect(await page.evaluate(() => document.cookie)).not.toContain('home_session');
  expect(cookie!.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);

  // Opened again with the app's scripts held: the server's page already shows the member's name and balance.
  const calls: string[] = [];
  const styleSheets: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) calls.push(pathname);
    if (request.resourceType() === 'stylesheet') styleSheets.push(pathname);
  });
  // React reports a page it could not adopt as drawn (a mismatch, or a part the server could not draw) as an error.
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const entry = await holdEntryScript(page);
  await page.goto('/user/home', { waitUntil: 'domcontentloaded' });
  await expect.poll(entry.isHeld).toBe(true);
  expect(await hasReactRoot(page)).toBe(false);
  await expect(page.getByTestId('wallet-cash')).toContainText('250.00');
  await expect(page.getByTestId('header-name')).toHaveText(member.name);
  const drawnCash = await page.getByTestId('wallet-cash').elementHandle();

  // The app adopts that page: the same element, and the wallet is not asked for again at start.
  entry.release();
  await expect(page.locator('html[data-app="live"]')).toHaveCount(1);
  expect(await hasReactRoot(page)).toBe(true);
  expect(await drawnCash!.evaluate((element) => element.isConnected)).toBe(true);
  await expect(page.getByTestId('wallet-cash')).toContainText('250.00');
  await page.waitForTimeout(1_000);
  expect(calls).not.toContain('/api/wallet');
  expect(calls).not.toContain('/api/account/profile');
  // The page carries its chunks' styles inline; the chunk loader must not fetch and apply them again, which would
  // restyle the whole page on a slow phone (docs/decisions/0017-first-load.md, the disabled links).
  expect(styleSheets).toEqual([]);
  expect(pageErrors).toEqual([]);

  // Signing out takes the cookie with it, and its session: the next /user/home is no one's page, even with the old cookie.
  await page.getByTestId('header-logout').click();
  await page.getByTestId('logout-confirm-button').click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.context().cookies()).some((c) => c.name === 'home_session')).toBe(false);
  const after = await page.request.get('/user/home', {
    headers: { cookie: `home_session=${cookie!.value}` },
  });
  const afterHtml = await after.text();
  expect(afterHtml).not.toContain('home-answers');
  expect(afterHtml).not.toContain(member.name);
});

test('a member signed in before the server set the cookie loses the one the app wrote with the token in it', async ({
  page,
  api,
  member,
}) => {
  const token = await api.login(member.phone, member.password);
  // What the older app left: the token in storage (no note of a server-set cookie), and a script-written cookie for
  // /user/home holding that token.
  await page.context().addCookies([
    {
      name: 'home_session',
      value: token,
      domain: '127.0.0.1',
      path: '/user/home',
      sameSite: 'Lax',
    },
  ]);
  await signIn(page, api, token, '/user/home');
  await expect(page.getByTestId('header-name')).toHaveText(member.name);
  // The start replaced it with the server's: HttpOnly, and no longer the token.
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === 'home_session'))
    .toMatchObject({ path: '/user/home', httpOnly: true });
  const cookie = (await page.context().cookies()).find((c) => c.name === 'home_session')!;
  expect(cookie.value).not.toBe(token);
  // It draws the member's page the next time; the old value draws nothing.
  const drawn = await fetch(`${SERVER_URL}/user/home`, {
    headers: { cookie: `home_session=${cookie.value}` },
  });
  expect(await drawn.text()).toContain('home-answers');
  const old = await fetch(`${SERVER_URL}/user/home`, {
    headers: { cookie: `home_session=${token}` },
  });
  expect(await old.text()).not.toContain('home-answers');
});
