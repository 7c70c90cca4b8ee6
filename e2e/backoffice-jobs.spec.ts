import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { BACKOFFICE_VIEWPORT, openBackoffice } from './support/backoffice.ts';

test.use(BACKOFFICE_VIEWPORT);

const SHOTS = process.env.BO_SHOTS_DIR ?? '/tmp/bo-shots/jobs';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false, animations: 'disabled' });
}

async function openJobs(page: Page, role: 'owner' | 'auditor', locale: 'en' | 'th') {
  await page.addInitScript(
    (value) => localStorage.setItem('mekong-backoffice-locale', value),
    locale,
  );
  await openBackoffice(page, role, '/jobs');
}

test.describe('back-office jobs (docs/decisions/0018-jobs-engine.md)', () => {
  test('the owner sees every periodic job with its period and the engine running; the bank feed has run', async ({
    page,
  }) => {
    await openJobs(page, 'owner', 'en');
    await expect(page.getByRole('heading', { name: 'Background jobs' })).toBeVisible();
    await expect(page.getByTestId('jobs-engine')).toHaveText('Engine running');
    const table = page.getByTestId('jobs-table');
    for (const name of [
      'Bank feed',
      'Payout reconciliation',
      'Bonus expiry',
      'Clean-up of old sessions and codes',
    ])
      await expect(table.getByText(name, { exact: true })).toBeVisible();
    // The engine sends each job's first run at start: the bank feed (every 10 s) has a last success by now.
    const bankFeed = table.getByRole('row').filter({ hasText: 'bank-feed' });
    await expect(bankFeed).toContainText('10 seconds');
    await expect(bankFeed.getByText('never')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByTestId('failed-runs-table')).toBeVisible();
    await shot(page, 'jobs-en');
  });

  test('in Thai, and the menu shows it to a read-only role', async ({ page }) => {
    await openJobs(page, 'auditor', 'th');
    await expect(page.getByRole('heading', { name: 'งานเบื้องหลัง' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'งานเบื้องหลัง' })).toBeVisible();
    await expect(page.getByTestId('jobs-table').getByText('รายการเข้าบัญชีธนาคาร')).toBeVisible();
    await shot(page, 'jobs-th');
  });
});
