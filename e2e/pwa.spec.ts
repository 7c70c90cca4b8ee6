/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { expect, test } from './support/fixtures.ts';

const th = JSON.parse(
  readFileSync(new URL('../apps/web/src/locales/th.json', import.meta.url), 'utf8'),
) as { login: { submit: string } };

type Manifest = {
  name: string;
  theme_color: string;
  display: string;
  icons: { src: string; sizes: string; purpose?: string }[];
};

// The installable app and its offline shell (docs/decisions/0017-first-load.md). The other specs block the service
// worker (playwright.config.ts); these need it.
test.use({ serviceWorkers: 'allow' });

test.describe('installable web app', () => {
  test('the manifest names the app with its 192, 512 and maskable icons, all served', async ({
    request,
  }) => {
    const answer = await request.get('/manifest.webmanifest');
    expect(answer.ok()).toBe(true);
    const manifest = (await answer.json()) as Manifest;
    expect(manifest.name).toBe('Mekong Wallet');
    expect(manifest.display).toBe('standalone');
    expect(manifest.theme_color).toBe('#1f2a6b');
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const file = await request.get(icon.src);
      expect(file.ok(), icon.src).toBe(true);
      expect(file.headers()['content-type']).toBe('image/png');
    }
  });

  test('offline, the sign-in page still opens from the service worker, while /api and /backoffice are never answered by it', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: th.login.submit })).toBeVisible();
    // Registered a few seconds after the load; ready once the shell is cached.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('button', { name: th.login.submit })).toBeVisible();
    // An API call offline fails: no member data is ever answered from a cache.
    const apiResult = await page.evaluate(async () => {
      try {
        const answer = await fetch('/api/lookup/info');
        return `answered ${answer.status}`;
      } catch {
        return 'failed';
      }
    });
    expect(apiResult).toBe('failed');
    // The back office is not the member app's to answer.
    await expect(page.goto('/backoffice/')).rejects.toThrow();
    await context.setOffline(false);
  });
});
