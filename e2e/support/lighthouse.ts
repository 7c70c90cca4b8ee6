import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from '@playwright/test';
import { SERVER_URL } from './urls.ts';

export type AccessibilityReport = {
  url: string;
  score: number;
  failures: { id: string; title: string; items: string[] }[];
};

/**
 * Runs Lighthouse's accessibility category on `path` in the system Chromium at 390×844, signed in with `token`
 * (put into the browser's storage first, and kept: Lighthouse resets storage otherwise).
 */
export async function accessibilityOf(
  path: string,
  storage: Record<string, string> = {},
): Promise<AccessibilityReport> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = browser.contexts()[0]!;
    const page = await context.newPage();
    await page.goto(`${SERVER_URL}/404-storage`);
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, storage);
    await page.close();
    await browser.close();
    const result = await lighthouse(`${SERVER_URL}${path}`, {
      port: chrome.port,
      onlyCategories: ['accessibility'],
      disableStorageReset: true,
      formFactor: 'mobile',
      screenEmulation: {
        mobile: true,
        width: 390,
        height: 844,
        deviceScaleFactor: 2,
        disabled: false,
      },
      logLevel: 'error',
      output: 'json',
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
    const { lhr } = result;
    const failures = Object.values(lhr.audits)
      .filter(
        (audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary',
      )
      .map((audit) => ({
        id: audit.id,
        title: audit.title,
        items: (
          (audit.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items ?? []
        )
          .map((item) => item.node?.snippet ?? '')
          .slice(0, 5),
      }));
    return {
      url: lhr.finalDisplayedUrl,
      score: lhr.categories.accessibility?.score ?? 0,
      failures,
    };
  } finally {
    chrome.kill();
  }
}
