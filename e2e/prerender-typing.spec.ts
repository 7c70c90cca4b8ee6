/// <reference lib="dom" />
import { expect, test } from './support/fixtures.ts';
import { hasReactRoot, holdEntryScript } from './support/hold-entry.ts';

/**
 * /login is prerendered (docs/decisions/0017-first-load.md): its form is on screen before the app's scripts run. What a
 * member types into it meanwhile must survive the app taking the page over, and sign them in.
 */
test('what a member types before the app has loaded is kept, and signs them in', async ({
  page,
  member,
}) => {
  const entry = await holdEntryScript(page);
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await expect.poll(entry.isHeld).toBe(true);
  await page.getByTestId('login-phone').pressSequentially(member.phone);
  await page.getByTestId('login-password').pressSequentially(member.password);
  // Still the prerendered HTML: no React root has taken the page.
  expect(await hasReactRoot(page)).toBe(false);

  entry.release();
  await expect.poll(() => hasReactRoot(page)).toBe(true);
  await expect(page.getByTestId('login-phone')).toHaveValue(member.phone);
  await expect(page.getByTestId('login-password')).toHaveValue(member.password);
  await expect(page.getByTestId('login-password')).toBeFocused();
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/user\//);
});

test('a sign-in sent before the app has loaded is held, never put in the address, and sent once it has', async ({
  page,
  member,
}) => {
  const entry = await holdEntryScript(page);
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await expect.poll(entry.isHeld).toBe(true);
  await page.getByTestId('login-phone').pressSequentially(member.phone);
  await page.getByTestId('login-password').pressSequentially(member.password);
  await page.getByTestId('login-password').press('Enter');
  await page.getByTestId('login-submit').click();
  // Still the prerendered page, at its own address: the browser did not send the form itself.
  expect(new URL(page.url()).search).toBe('');
  expect(page.url()).not.toContain(member.password);
  await expect(page.getByTestId('login-phone')).toHaveValue(member.phone);

  entry.release();
  await expect(page).toHaveURL(/\/user\//);
  expect(page.url()).not.toContain(member.password);
});
