/// <reference lib="dom" />
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { BACKOFFICE_VIEWPORT, openBackoffice } from './support/backoffice.ts';
import { expect, test } from './support/fixtures.ts';
import { SERVER_URL } from './support/urls.ts';

/**
 * Issue 13: the how-to page plays the recorded videos (npm run howto:record, loaded by the demo seed as operator
 * content; docs/decisions/0020-howto-videos.md) in each language, in the suite's phone viewport and system Chromium.
 * With SHOTS_DIR set, it also saves the page and a playing video per language there.
 */
const TOPICS = ['wallet', 'play', 'balance', 'bonus', 'bonusCancel'] as const;
const SHOTS_DIR = process.env.SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  await mkdir(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), animations: 'disabled' });
}

/** The five videos' addresses as the page shows them. */
async function sources(page: Page) {
  const videos = page.locator('video[data-testid^="howto-video-"]');
  await expect(videos).toHaveCount(TOPICS.length);
  return videos.evaluateAll((list) =>
    (list as HTMLVideoElement[]).map((v) => v.getAttribute('src') ?? ''),
  );
}

test('the how-to page plays the recorded videos in each language', async ({ page }) => {
  test.setTimeout(120_000);
  const videoRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/files\/howto\/.+\.mp4$/.test(request.url())) videoRequests.push(request.url());
  });
  await page.goto('/howto');
  const seen = new Set<string>();
  for (const locale of ['th', 'la', 'en'] as const) {
    // Switching the language switches the videos.
    await page.getByTestId(`lang-${locale}`).click();
    await expect(page.locator('html')).toHaveAttribute('lang', locale === 'la' ? 'lo' : locale);
    const srcs = await sources(page);
    for (const src of srcs) {
      expect(src).toMatch(/^\/api\/files\/howto\/[A-Za-z0-9_-]{43}\.mp4$/);
      expect(seen.has(src), `${locale}: ${src} is another language's video`).toBe(false);
      seen.add(src);
    }
    // Nothing of a video is fetched until it is played; each shows its poster.
    expect(videoRequests).toEqual([]);
    const first = page.getByTestId('howto-video-wallet');
    await expect(first).toHaveAttribute('preload', 'none');
    await expect(first).toHaveAttribute('poster', /^\/api\/files\/howto\/.+\.jpg$/);
    await shot(page, `howto-${locale}`);

    const video = page.getByTestId('howto-video-bonus');
    await video.scrollIntoViewIfNeeded();
    await expect(video).not.toHaveAttribute('controls');
    // The member taps the video's play button; then the browser's own controls take over.
    await page.getByTestId('howto-play-bonus').tap();
    await expect(page.getByTestId('howto-play-bonus')).toHaveCount(0);
    await expect(video).toHaveAttribute('controls', '');
    // Playing: decoded frames (readyState ≥ 2), time moving past 1.5 s, no media error.
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(1.5);
    const state = await video.evaluate((v: HTMLVideoElement) => ({
      readyState: v.readyState,
      error: v.error?.code ?? null,
      isPaused: v.paused,
      width: v.videoWidth,
    }));
    expect(state).toEqual({
      readyState: expect.any(Number),
      error: null,
      isPaused: false,
      width: 480,
    });
    expect(state.readyState).toBeGreaterThanOrEqual(2);
    await shot(page, `howto-${locale}-playing`);
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    expect(videoRequests.length).toBeGreaterThan(0);
    videoRequests.length = 0;
  }
});

test.describe('back office', () => {
  test.use(BACKOFFICE_VIEWPORT);

  test('an operator uploads one language’s video and poster; the member lookup answers it for that language only', async ({
    page,
  }) => {
    const before = await howtoLookup();
    await page.addInitScript(() => localStorage.setItem('mekong-backoffice-locale', 'en'));
    await openBackoffice(page, 'marketing', '/settings?tab=content');
    const card = page.getByTestId('setting-howto');
    await card.getByTestId('howto-language-la').click();
    const row = card.getByTestId('howto-la-play');
    await expect(row.getByRole('link')).toHaveAttribute('href', before.la.play.url);
    await row.scrollIntoViewIfNeeded();
    await shot(page, 'howto-backoffice-en');

    const recorded = (file: string) =>
      join(process.cwd(), 'apps/server/demo-content/howto/en', file);
    await row.getByTestId('howto-upload-la-play-video').setInputFiles(recorded('play.mp4'));
    await row.getByTestId('howto-upload-la-play-poster').setInputFiles(recorded('play.jpg'));
    await row.getByTestId('howto-upload-la-play-send').click();
    await expect.poll(async () => (await howtoLookup()).la.play.url).not.toBe(before.la.play.url);
    const after = await howtoLookup();
    await expect(row.getByRole('link')).toHaveAttribute('href', after.la.play.url);
    expect(after.la.play.posterUrl).toMatch(/\.jpg$/);
    expect(after.th.play).toEqual(before.th.play);
    expect(after.en.play).toEqual(before.en.play);
  });
});

async function howtoLookup() {
  const response = await fetch(`${SERVER_URL}/api/lookup/howto`, {
    headers: { 'x-client': 'member-web' },
  });
  expect(response.ok).toBe(true);
  const { videos } = (await response.json()) as {
    videos: Record<
      'th' | 'la' | 'en',
      Record<(typeof TOPICS)[number], { url: string; posterUrl: string }>
    >;
  };
  return videos;
}
