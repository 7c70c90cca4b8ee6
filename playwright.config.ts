import { defineConfig } from '@playwright/test';
import { rmSync } from 'node:fs';
import {
  E2E_OPERATORS_FILE,
  E2E_OPERATOR_SECRETS_FILE,
  E2E_PORT,
  E2E_SANDBOX_PORT,
  SERVER_URL,
} from './e2e/support/urls.ts';

// Each run starts a fresh in-memory database: the operators and secrets of an earlier run mean nothing to it. Workers
// load this file too (TEST_WORKER_INDEX set): only the runner clears.
if (process.env.TEST_WORKER_INDEX === undefined)
  for (const file of [
    E2E_OPERATORS_FILE,
    E2E_OPERATOR_SECRETS_FILE,
    `${E2E_OPERATOR_SECRETS_FILE}.lock`,
  ])
    rmSync(file, { recursive: true, force: true });

/**
 * Browser tests drive the built web app, served by a fresh product instance (server + sandbox) on ports of their own,
 * in the system Chromium. `npm run test:e2e` builds the web app first; the server here only serves it.
 */
export default defineConfig({
  testDir: 'e2e',
  // Review screenshots (*-shots.spec.ts) are written only when asked for, to SHOTS_DIR.
  testIgnore: process.env.SHOTS_DIR ? [] : ['**/*-shots.spec.ts'],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: 'list',
  outputDir: 'test-results',
  use: {
    baseURL: SERVER_URL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'th-TH',
    timezoneId: 'Asia/Bangkok',
    screenshot: 'only-on-failure',
    // The web app's service worker would take requests past page.route's stubs; e2e/pwa.spec.ts allows it to test it.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'mobile-chromium' }],
  webServer: {
    // --no-build: use the web app `npm run test:e2e` just built; --no-env-file: a developer's .env must not leak in.
    command: 'node scripts/start.mjs --no-build --no-env-file',
    url: `${SERVER_URL}/`,
    wait: { stdout: /Mekong Wallet: http/ },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: {
      PORT: String(E2E_PORT),
      SANDBOX_PORT: String(E2E_SANDBOX_PORT),
      HOST: '127.0.0.1',
      // A fresh in-memory database per run: tests make their own data and never see an earlier run's.
      PGLITE_DIR: process.env.E2E_PGLITE_DIR ?? 'memory://',
      SEED_DEMO: 'true',
      DEMO_OPERATORS_FILE: E2E_OPERATORS_FILE,
      // Slips are refused in the demo's nightly closed window; the tests must pass at any hour.
      SEED_SLIP_WINDOW: 'open',
      COUNTRY: 'TH',
      // Every test registers from 127.0.0.1; the per-IP daily cap on one-time codes must not end the run.
      OTP_DAILY_LIMIT_IP: '100000',
      OTP_HOURLY_LIMIT_IP: '100000',
      PHONE_LOOKUP_LIMIT_IP_DAY: '100000',
      PHONE_LOOKUP_LIMIT_IP_MINUTE: '100000',
      LOG_LEVEL: 'warn',
    },
  },
});
