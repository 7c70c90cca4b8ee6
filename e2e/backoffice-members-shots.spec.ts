import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { BACKOFFICE_VIEWPORT, openBackoffice } from './support/backoffice.ts';
import type { Api, TestMember } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { creditFromBank, memberMoney } from './support/money.ts';
import { SERVER_URL } from './support/urls.ts';

test.use(BACKOFFICE_VIEWPORT);

/** Review screenshots of the members screens (docs/back-office/members.md), run only when SHOTS_DIR is set. */
const SHOTS = process.env.SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled' });
}

/** A member with something in every tab: a bank deposit, a game account with money, a withdrawal, an invitee. */
async function busyMember(api: Api, member: TestMember) {
  const token = await api.login(member.phone, member.password);
  const money = memberMoney(api, token);
  await creditFromBank(member, 1000);
  await money.waitForCash(1000);
  await money.activate('PG');
  await money.transfer('wallet', 'PG', 200);
  await money.withdraw(100);
  await api.registerMember({ inviteCode: `PR${member.id}` });
}

test.describe('members screens for review', () => {
  for (const lang of ['th', 'en', 'la'] as const) {
    test(`every members screen in ${lang}`, async ({ page, member, api }) => {
      await busyMember(api, member);
      await page.addInitScript(
        (value) => localStorage.setItem('mekong-backoffice-locale', value),
        lang,
      );
      const token = await openBackoffice(page, 'owner', '/members');
      const found = await fetch(`${SERVER_URL}/api/admin/members/search`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-client': 'backoffice',
          authorization: `Bearer ${token}`,
        },
        body: JSON.stringify({ query: member.id, field: 'publicId' }),
      });
      const memberId = ((await found.json()) as { rows: { id: string }[] }).rows[0]?.id ?? '';
      await fetch(`${SERVER_URL}/api/admin/members/${memberId}/adjustments`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-client': 'backoffice',
          authorization: `Bearer ${token}`,
        },
        body: JSON.stringify({
          requestId: randomUUID(),
          direction: 'credit',
          amountMinor: '5000',
          reason: 'Goodwill for a slow payout',
        }),
      });
      // One above the second-approval line, to show the approvals list.
      await fetch(`${SERVER_URL}/api/admin/members/${memberId}/adjustments`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-client': 'backoffice',
          authorization: `Bearer ${token}`,
        },
        body: JSON.stringify({
          requestId: randomUUID(),
          direction: 'credit',
          amountMinor: '6000000',
          reason: 'Jackpot the provider paid late',
        }),
      });
      await page.reload();
      await expect(page.getByText('Jackpot the provider paid late').first()).toBeVisible();
      await shot(page, `${lang}-members-empty`);
      await page.getByTestId('member-query').fill(member.phone);
      await page.getByTestId('member-query').press('Enter');
      await expect(page.getByRole('cell', { name: member.name, exact: true })).toBeVisible();
      await shot(page, `${lang}-members-search`);
      await page.getByRole('cell', { name: member.name, exact: true }).click();
      await expect(page.getByRole('heading', { name: member.name, level: 1 })).toBeVisible();
      await shot(page, `${lang}-member-overview`);
      const tabs = page.getByRole('tablist').first().getByRole('tab');
      for (let i = 1; i < (await tabs.count()); i += 1) {
        await tabs.nth(i).click();
        await page.waitForLoadState('networkidle');
        await shot(page, `${lang}-member-tab-${i}`);
      }
      const header = page.locator('.page-header__actions');
      const buttons = header.getByRole('button');
      for (let i = 0; i < (await buttons.count()); i += 1) {
        await buttons.nth(i).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await shot(page, `${lang}-member-dialog-${i}`);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
      }
      await buttons.first().click();
      await page.getByRole('dialog').getByRole('textbox').fill('Reported stolen phone');
      await page.getByRole('dialog').locator('button[type=submit]').click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.locator('.notice--danger')).toBeVisible();
      await shot(page, `${lang}-member-frozen`);
    });
  }
});
