import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/** Saves screenshots/<name>.png at the repository root (git-ignored), for people reviewing the UI. */
export async function screenshot(
  page: Page,
  name: string,
  opts: { fullPage?: boolean } = {},
): Promise<string> {
  const dir = join(process.cwd(), 'screenshots');
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  await page.screenshot({ path, fullPage: opts.fullPage ?? false, animations: 'disabled' });
  return path;
}
