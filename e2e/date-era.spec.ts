import { expect, test } from './support/fixtures.ts';
import { creditFromBank, memberMoney, signIn } from './support/money.ts';
import { screenshot } from './support/screenshot.ts';

/** The year shown in a DD/MM/YYYY date. */
const yearOf = (text: string) => Number(/\d{2}\/\d{2}\/(\d{4})/.exec(text)?.[1]);

test.describe('dates in the Buddhist era (issue 9 item 14)', () => {
  test('Thai dates start in BE; choosing CE or BE in the profile counts years that way in the profile, the statement and the receipt; CE brings them back', async ({
    page,
    api,
    member,
  }) => {
    const token = await api.login(member.phone, member.password);
    await creditFromBank(member, 120);
    await memberMoney(api, token).waitForCash(120);
    await signIn(page, api, token, '/user/profile', 'th');

    const joined = page.getByTestId('profile-created-at');
    await expect(joined).toHaveText(/\d{2}\/\d{2}\/\d{4}/);
    const ceYear = new Date().getUTCFullYear();
    // Not chosen yet: Thai dates in the Buddhist era (issue 28 item 11).
    expect(yearOf(await joined.innerText())).toBe(ceYear + 543);
    await expect(page.getByTestId('date-era-buddhist')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('date-era-buddhist')).toHaveText(`พ.ศ. ${ceYear + 543}`);
    await page.getByTestId('date-era-gregorian').click();
    await expect(page.getByTestId('date-era-gregorian')).toHaveAttribute('aria-pressed', 'true');
    await expect(joined).toContainText(`/${ceYear} `);

    await page.getByTestId('date-era-buddhist').click();
    await expect(page.getByTestId('date-era-buddhist')).toHaveAttribute('aria-pressed', 'true');
    await expect(joined).toContainText(`/${ceYear + 543} `);
    for (const [locale, label] of [['th', 'พ.ศ.'], ['la', 'ພ.ສ.'], ['en', 'BE']] as const) {
      await page.getByTestId(`lang-${locale}`).click();
      await expect(page.getByTestId('date-era-buddhist')).toHaveText(`${label} ${ceYear + 543}`);
      await page.getByTestId('date-era-buddhist').scrollIntoViewIfNeeded();
      await screenshot(page, `profile-date-era-${locale}`);
    }

    // Kept by the server: a new page load (and another device) shows BE too.
    await page.goto('/user/statement');
    const date = page.getByTestId('statement-date').first();
    await expect(date).toContainText(`/${ceYear + 543} `);
    await page.getByTestId('statement-open').first().click();
    await expect(page.getByRole('dialog')).toContainText(`/${ceYear + 543} `);
    await page.keyboard.press('Escape');

    await page.goto('/user/profile');
    await page.getByTestId('date-era-gregorian').click();
    await expect(joined).toContainText(`/${ceYear} `);
  });
});
