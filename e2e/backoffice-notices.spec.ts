import { BACKOFFICE_VIEWPORT, openBackoffice } from './support/backoffice.ts';
import { expect, test } from './support/fixtures.ts';
import { financeNearsTheLine } from './support/notices.ts';

test.use(BACKOFFICE_VIEWPORT);

test.describe('back-office notices (docs/back-office/notices.md)', () => {
  test('an owner sees the bell count a finance operator nearing the line, and opening the list marks it read', async ({
    page,
    member,
  }) => {
    // Sign-ins and a re-authentication wait for unused authenticator steps (two a minute per operator).
    test.setTimeout(120_000);
    const finance = await financeNearsTheLine(member);
    await page.addInitScript(() => localStorage.setItem('mekong-backoffice-locale', 'en'));
    await openBackoffice(page, 'owner');
    const bell = page.getByTestId('notice-bell');
    await expect(bell).toHaveAccessibleName(/^Notices: [1-9]\d* unread$/);

    await bell.click();
    const list = page.getByTestId('notice-list');
    await expect(
      // Other browser tests may also adjust as the demo finance operator today: the total is at least the 40,000.
      list.getByText(
        new RegExp(
          `^${finance} has adjusted ฿[4-9]\\d,\\d{3}\\.\\d\\d alone today, near the second-approval line of ฿50,000\\.00\\.`,
        ),
      ),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(bell).toHaveAccessibleName('Notices: 0 unread');
  });
});
