import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { BACKOFFICE_VIEWPORT, openBackoffice } from './support/backoffice.ts';
import { expect, test } from './support/fixtures.ts';
import { financeNearsTheLine } from './support/notices.ts';

test.use(BACKOFFICE_VIEWPORT);

/** Review screenshots of the notices bell and list (docs/back-office/notices.md), run only when SHOTS_DIR is set. */
const SHOTS = process.env.SHOTS_DIR ?? '';

async function shot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled' });
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/**
 * The other kinds, as their senders write them (docs/back-office/notices.md), beside the real notice: this branch has
 * no waiting settings or owner confirmations to make them from.
 */
const OTHER_KINDS = [
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
  test.describe.configure({ mode: 'serial' });

  for (const lang of ['th', 'la', 'en'] as const) {
    test(`the bell and the list in ${lang}`, async ({ page, member }) => {
      // Sign-ins and a re-authentication wait for unused authenticator steps (two a minute per operator).
      test.setTimeout(180_000);
      if (lang === 'th') await financeNearsTheLine(member);
      await page.route('**/api/admin/notices', async (route) => {
        const real = (await (await route.fetch()).json()) as { rows: { readAt: string | null }[] };
        const rows = [...real.rows.map((r) => ({ ...r, readAt: null })), ...OTHER_KINDS];
        await route.fulfill({ json: { rows, unread: rows.length } });
      });
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
