import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { BACKOFFICE_VIEWPORT, openBackoffice } from './support/backoffice.ts';
import { expect, test } from './support/fixtures.ts';

test.use(BACKOFFICE_VIEWPORT);

/** Review screenshots of the notices bell and list (docs/back-office/notices.md), run only when SHOTS_DIR is set. */
const SHOTS = process.env.SHOTS_DIR ?? '';

async function shot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled' });
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/**
 * One notice of every kind, as their senders write them (docs/back-office/notices.md). Served in place of the owner's
 * real list: this branch has no waiting settings or owner confirmations to make them from, and the demo finance
 * operator's day must stay under the line for the other browser tests (e2e/backoffice-notices.spec.ts shows the real
 * one).
 */
const EVERY_KIND = [
  {
    kind: 'adjustments.nearLine',
    params: { operator: 'finance', totalMinor: 4_000_000, lineMinor: 5_000_000, currency: 'THB' },
  },
  {
    kind: 'setting.pending',
    params: {
      subject: 'withdrawLimits',
      requestedBy: 'finance',
      effectiveAt: new Date(Date.now() + 60 * 60_000).toISOString(),
    },
  },
  { kind: 'setting.applied', params: { subject: 'approvals', confirmedBy: 'owner-2' } },
  {
    kind: 'setting.cancelled',
    params: { subject: 'operatorAccount', cancelledBy: 'owner-2', refusal: null },
  },
  {
    kind: 'operator.ownerCreated',
    params: { username: 'owner-3', createdBy: 'owner', status: 'pending' },
  },
].map((n, i) => ({ ...n, id: `shot-${i}`, createdAt: minutesAgo(5 + i * 40), readAt: null }));

test.describe('notices screens for review', () => {
  test.skip(!SHOTS, 'review screenshots only when SHOTS_DIR is set');

  for (const lang of ['th', 'la', 'en'] as const) {
    test(`the bell and the list in ${lang}`, async ({ page }) => {
      // A sign-in waits for an unused authenticator step (two a minute per operator).
      test.setTimeout(120_000);
      await page.route('**/api/admin/notices', (route) =>
        route.fulfill({ json: { rows: EVERY_KIND, unread: EVERY_KIND.length } }),
      );
      await page.route('**/api/admin/notices/read', (route) =>
        route.fulfill({ json: { message: 'OK' } }),
      );
      await page.addInitScript(
        (value) => localStorage.setItem('mekong-backoffice-locale', value),
        lang,
      );
      await openBackoffice(page, 'owner');
      const bell = page.getByTestId('notice-bell');
      await expect(bell).toContainText('5');
      await shot(page, `notices-bell-${lang}`);
      await bell.click();
      await expect(page.getByTestId('notice-list').getByRole('listitem')).toHaveCount(5);
      await shot(page, `notices-list-${lang}`);
    });
  }
});
