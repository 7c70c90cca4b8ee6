#!/usr/bin/env -S npx tsx
// `npm run howto:record`: records the how-to page's five videos (docs/spec.md §2 howto) from the real member app in
// th, la and en (docs/decisions/0020-howto-videos.md). It starts the app on free ports with a fresh demo database,
// drives the member app in the system Chromium at 390×844 with Playwright, takes the browser's screencast frames over
// CDP and has Debian's ffmpeg encode them to small H.264 MP4s and a poster JPEG each, into
// apps/server/demo-content/howto/<language>/<topic>.{mp4,jpg}, which the demo seed loads as operator content.
// Flags: --only=<language>[/<topic>] to record a part (e.g. --only=en, --only=th/bonus). HOWTO_PORT: fixed ports;
// HOWTO_OUT_DIR: where to write.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type CDPSession, type Locator, type Page } from '@playwright/test';
import { freePort } from './free-port.mjs';
import { captions, LANGUAGES, TOPICS, type Language, type Topic } from './record-howto-captions.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// HOWTO_OUT_DIR: somewhere else (a trial run), instead of the files the demo seed loads.
const HOWTO_CONTENT_DIR = process.env.HOWTO_OUT_DIR ?? join(root, 'apps/server/demo-content/howto');
/** File names are kebab-case: bonusCancel → bonus-cancel. */
const topicFile = (topic: Topic) => topic.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

const FPS = 10;
// Debian's ffmpeg, or the one on PATH.
const FFMPEG =
  process.env.FFMPEG_PATH ?? (existsSync('/usr/bin/ffmpeg') ? '/usr/bin/ffmpeg' : 'ffmpeg');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The app as the end-to-end tests run it (playwright.config.ts): a fresh in-memory demo database. */
async function startApp(port: number, sandboxPort: number): Promise<ChildProcess> {
  const app = spawn(process.execPath, ['scripts/start.mjs', '--no-env-file'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      HOST: '127.0.0.1',
      PGLITE_DIR: 'memory://',
      SEED_DEMO: 'true',
      DEMO_OPERATORS_FILE: `/tmp/mekong-howto-operators-${port}.json`,
      SEED_SLIP_WINDOW: 'open',
      COUNTRY: 'TH',
      OTP_DAILY_LIMIT_IP: '100000',
      OTP_HOURLY_LIMIT_IP: '100000',
      PHONE_LOOKUP_LIMIT_IP_DAY: '100000',
      PHONE_LOOKUP_LIMIT_IP_MINUTE: '100000',
      LOG_LEVEL: 'warn',
    },
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the app did not start in 240 s')), 240_000);
    app.stdout!.on('data', (chunk: Buffer) => {
      if (/Mekong Wallet: http/.test(chunk.toString())) {
        clearTimeout(timer);
        resolve();
      }
    });
    app.once('exit', (code) => reject(new Error(`the app stopped (${code})`)));
  });
  return app;
}

/** Collects the screencast's frames with their times; the page sends one only when something on it changes. */
async function startScreencast(cdp: CDPSession) {
  const frames: { at: number; jpeg: Buffer }[] = [];
  cdp.on('Page.screencastFrame', (frame) => {
    frames.push({
      at: frame.metadata.timestamp ?? Date.now() / 1000,
      jpeg: Buffer.from(frame.data, 'base64'),
    });
    void cdp.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => undefined);
  });
  await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 85, everyNthFrame: 1 });
  return frames;
}

function runFfmpeg(args: string[], input: Buffer[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const ffmpeg = spawn(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-y', ...args], {
      stdio: ['pipe', 'inherit', 'inherit'],
    });
    ffmpeg.once('error', reject);
    ffmpeg.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}`)),
    );
    for (const chunk of input) ffmpeg.stdin.write(chunk);
    ffmpeg.stdin.end();
  });
}

/**
 * The frames at a constant FPS (each tick repeats the latest frame), piped to ffmpeg as JPEGs: H.264 (main profile,
 * yuv420p, faststart) at 480 px wide, which every phone browser plays; and the poster, a frame from the middle.
 */
async function encode(frames: { at: number; jpeg: Buffer }[], out: string) {
  const first = frames[0]!.at;
  const last = frames.at(-1)!.at + 1.5;
  const ticks: Buffer[] = [];
  let index = 0;
  for (let t = first; t <= last; t += 1 / FPS) {
    while (index + 1 < frames.length && frames[index + 1]!.at <= t) index += 1;
    ticks.push(frames[index]!.jpeg);
  }
  await runFfmpeg(
    [
      ...['-f', 'image2pipe', '-framerate', String(FPS), '-c:v', 'mjpeg', '-i', '-'],
      ...['-vf', 'scale=480:-2:flags=lanczos,format=yuv420p'],
      ...[
        '-c:v',
        'libx264',
        '-profile:v',
        'main',
        '-preset',
        'slow',
        '-crf',
        '31',
        '-tune',
        'stillimage',
      ],
      ...['-g', String(FPS * 4), '-movflags', '+faststart', '-an', `${out}.mp4`],
    ],
    ticks,
  );
  const poster = ticks[Math.floor(ticks.length * 0.55)]!;
  await runFfmpeg(
    [
      '-f',
      'image2pipe',
      '-c:v',
      'mjpeg',
      '-i',
      '-',
      '-vf',
      'scale=320:-2',
      '-q:v',
      '7',
      '-frames:v',
      '1',
      `${out}.jpg`,
    ],
    [poster],
  );
}

/** A caption bar at the foot of the screen, outside the app's root so it stays across its pages. */
async function caption(page: Page, text: string) {
  await page.evaluate((text) => {
    let bar = document.getElementById('howto-caption');
    if (!bar) {
      bar = document.createElement('div');
      bar.id = 'howto-caption';
      bar.setAttribute(
        'style',
        'position:fixed;left:12px;right:12px;bottom:88px;z-index:2147483647;padding:12px 14px;border-radius:14px;' +
          'background:rgba(17,24,39,.88);color:#fff;font:600 17px/1.45 system-ui,sans-serif;text-align:center;' +
          'box-shadow:0 6px 20px rgba(0,0,0,.3);pointer-events:none;transition:opacity .2s',
      );
      document.body.append(bar);
    }
    bar.textContent = text;
  }, text);
  await wait(1800);
}

/** Shows where the finger goes (a ring at the element's centre), then taps it. */
async function tap(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (box) {
    await page.evaluate(
      ({ x, y }) => {
        const ring = document.createElement('div');
        ring.setAttribute(
          'style',
          `position:fixed;left:${x - 22}px;top:${y - 22}px;width:44px;height:44px;border-radius:50%;` +
            'border:3px solid #facc15;background:rgba(250,204,21,.35);z-index:2147483646;pointer-events:none',
        );
        document.body.append(ring);
        setTimeout(() => ring.remove(), 900);
      },
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    await wait(700);
  }
  await target.click();
  await wait(900);
}

type Support = Awaited<ReturnType<typeof loadSupport>>;

/** The end-to-end tests' helpers, pointed at this run's ports (they read them when first imported). */
async function loadSupport() {
  const { api } = await import('../e2e/support/api.ts');
  const { creditFromBank, memberMoney } = await import('../e2e/support/money.ts');
  const { memberBonus, DEMO } = await import('../e2e/support/bonus.ts');
  return { api, creditFromBank, memberMoney, memberBonus, DEMO };
}

/** A fresh member with what the topic's walk-through starts from; answers the session token. */
async function prepare(topic: Topic, s: Support): Promise<string> {
  const member = await s.api.registerMember();
  const token = await s.api.login(member.phone, member.password);
  const money = s.memberMoney(s.api, token);
  const cash = topic === 'bonusCancel' ? 500 : 1000;
  await s.creditFromBank(member, cash);
  await money.waitForCash(cash);
  if (topic === 'play' || topic === 'balance') await money.activate('PG');
  if (topic === 'balance') await money.transfer('wallet', 'PG', 400);
  if (topic === 'bonusCancel') await s.memberBonus(s.api, token).activate(s.DEMO.depositBonus);
  return token;
}

const walkThroughs: Record<
  Topic,
  (page: Page, say: (step: number) => Promise<void>) => Promise<void>
> = {
  async wallet(page, say) {
    await say(0);
    await wait(800);
    await say(1);
    await tap(page, page.getByTestId('plus-button'));
    await say(2);
    await tap(page, page.getByTestId('action-drawer').getByTestId('action-deposit'));
    await say(3);
    await tap(page, page.getByTestId('deposit-method-qr'));
    await say(4);
    await page.getByTestId('deposit-amount').pressSequentially('500', { delay: 180 });
    await wait(1500);
  },
  async play(page, say) {
    await say(0);
    await tap(page, page.getByTestId('game-play-PG'));
    await say(1);
    const amount = page.getByTestId('play-sheet').getByTestId('play-amount');
    await amount.fill('');
    await amount.pressSequentially('300', { delay: 180 });
    await wait(800);
    await say(2);
    const popup = page.waitForEvent('popup');
    await tap(page, page.getByTestId('play-sheet').getByTestId('play-move'));
    const game = await popup;
    await game.waitForLoadState();
    await wait(600);
    await game.close();
    await page.bringToFront();
    await say(3);
    await page.getByTestId('game-amount-PG').scrollIntoViewIfNeeded();
    await wait(1200);
  },
  async balance(page, say) {
    await page.getByTestId('game-amount-PG').scrollIntoViewIfNeeded();
    await say(0);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'smooth' }));
    await say(1);
    await tap(page, page.getByTestId('wallet-transfer'));
    const modal = page.getByTestId('transfer-modal');
    await say(2);
    await tap(page, modal.getByTestId('transfer-from-PG'));
    await tap(page, modal.getByTestId('transfer-to-wallet'));
    await say(3);
    await tap(page, modal.getByTestId('transfer-fill-all'));
    await tap(page, modal.getByTestId('transfer-submit'));
    await modal.waitFor({ state: 'hidden' });
    await wait(1200);
    await say(4);
    await tap(page, page.locator('a[href="/user/statement"]').first());
    await page.getByTestId('statement-row').first().waitFor();
    await wait(2500);
  },
  async bonus(page, say) {
    await say(0);
    const card = page.locator('[data-testid="bonus-card"][data-code="NEWMEMBER100"]');
    await say(1);
    await tap(page, card.getByRole('button'));
    const modal = page.getByTestId('bonus-modal');
    await wait(1500);
    await say(2);
    await tap(page, modal.getByTestId('bonus-receive'));
    const alert = page.getByTestId('alert-dialog');
    await wait(1200);
    await tap(page, alert.getByRole('button').last());
    await say(3);
    await page.getByTestId('bonus-active').scrollIntoViewIfNeeded();
    await wait(1800);
  },
  async bonusCancel(page, say) {
    await page.getByTestId('bonus-active').waitFor();
    await say(0);
    await say(1);
    await tap(page, page.getByTestId('bonus-cancel'));
    await say(2);
    await tap(page, page.getByTestId('bonus-cancel-dialog').getByTestId('bonus-cancel-confirm'));
    await say(3);
    await page.getByTestId('promotion-code').waitFor();
    await wait(1500);
  },
};

const startPath: Record<Topic, string> = {
  wallet: '/user/home',
  play: '/user/home',
  balance: '/user/home',
  bonus: '/user/bonus',
  bonusCancel: '/user/bonus',
};

async function record(browser: Browser, s: Support, language: Language, topic: Topic) {
  const token = await prepare(topic, s);
  const { version } = await s.api.get<{ version: string }>('/api/lookup/agreements');
  const context = await browser.newContext({
    baseURL: process.env.HOWTO_BASE_URL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: { th: 'th-TH', la: 'lo-LA', en: 'en-US' }[language],
    timezoneId: 'Asia/Bangkok',
  });
  await context.addInitScript(
    ({ token, version, language }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('locale', language);
      localStorage.setItem('remember-agreement', version);
    },
    { token, version, language },
  );
  const page = await context.newPage();
  await page.goto(startPath[topic]);
  await page.waitForLoadState('networkidle');
  await wait(800);
  const cdp = await context.newCDPSession(page);
  const frames = await startScreencast(cdp);
  await wait(600);
  await walkThroughs[topic](page, (step) => caption(page, captions[topic][step]![language]));
  await cdp.send('Page.stopScreencast');
  await context.close();
  const dir = join(HOWTO_CONTENT_DIR, language);
  mkdirSync(dir, { recursive: true });
  const out = join(dir, topicFile(topic));
  await encode(frames, out);
  const seconds = (frames.at(-1)!.at - frames[0]!.at + 1.5).toFixed(1);
  const kb = (name: string) => `${Math.round(statSync(name).size / 1024)} KB`;
  console.log(
    `[howto] ${language}/${topicFile(topic)}: ${seconds} s, ${kb(`${out}.mp4`)} (poster ${kb(`${out}.jpg`)})`,
  );
}

async function main() {
  if (spawnSync(FFMPEG, ['-version']).status !== 0) {
    console.error(
      '[howto] ffmpeg is missing: install it with `apt-get install ffmpeg` (Debian) and run again.',
    );
    process.exit(1);
  }
  const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
  const [onlyLanguage, onlyTopic] = only?.split('/') ?? [];
  // HOWTO_PORT: the app's port (the sandbox's is the next one); free ones otherwise.
  const port = Number(process.env.HOWTO_PORT) || (await freePort());
  const sandboxPort = process.env.HOWTO_PORT ? port + 1 : await freePort();
  process.env.E2E_PORT = String(port);
  process.env.E2E_SANDBOX_PORT = String(sandboxPort);
  process.env.HOWTO_BASE_URL = `http://127.0.0.1:${port}`;
  console.log(`[howto] starting the app on ${port} (sandbox ${sandboxPort})`);
  const app = await startApp(port, sandboxPort);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const support = await loadSupport();
    for (const language of LANGUAGES) {
      if (onlyLanguage && language !== onlyLanguage) continue;
      for (const topic of TOPICS) {
        if (onlyTopic && topic !== onlyTopic) continue;
        await record(browser, support, language, topic);
      }
    }
  } finally {
    await browser.close();
    app.kill('SIGTERM');
  }
}

await main();
