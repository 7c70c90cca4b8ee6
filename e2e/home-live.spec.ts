/// <reference lib="dom" />
import { expect, test } from './support/fixtures.ts';
import { baht, creditFromBank, en, memberMoney, signIn } from './support/money.ts';
import { screenshot } from './support/screenshot.ts';

const WALLET_GET = '**/api/wallet';

test.describe('home keeps the balance true', () => {
  test('a new player sees the three first steps; a bank credit shows by itself within 15 seconds', async ({
    page,
    api,
    member,
  }) => {
    test.setTimeout(90_000);
    const token = await api.login(member.phone, member.password);
    const money = memberMoney(api, token);
    let refreshTaps = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/wallet/refresh/slot')) refreshTaps += 1;
    });
    await signIn(page, api, token);

    const card = page.getByTestId('wallet-card');
    const cash = page.getByTestId('wallet-cash');
    await expect(card).toHaveAttribute('data-state', 'live');
    await expect(cash).toHaveText(baht(0));

    // Nothing yet: the steps, deposit first; the wallet card's first action is Deposit too.
    const steps = page.getByTestId('first-steps');
    await expect(steps).toContainText(en.homeFlow.firstStepsTitle);
    await expect(steps.getByRole('listitem')).toHaveCount(3);
    await expect(card.locator('.wallet-card__actions button').first()).toHaveAttribute(
      'data-testid',
      'wallet-deposit',
    );
    await steps.getByTestId('first-steps-deposit').click();
    await expect(page.getByTestId('deposit-modal')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('deposit-modal')).toBeHidden();
    await card.getByTestId('wallet-deposit').click();
    await expect(page.getByTestId('deposit-modal')).toBeVisible();
    await page.keyboard.press('Escape');

    // The game rows are the phone's own sideways scroll (docs/decisions/0017-first-load.md): a wheel or a swipe moves
    // them, and a card stops at the row's edge.
    const slots = page.getByTestId('games-slot').locator('.carousel');
    await slots.scrollIntoViewIfNeeded();
    const row = await slots.boundingBox();
    await page.mouse.move(row!.x + row!.width / 2, row!.y + row!.height / 2);
    await page.mouse.wheel(300, 0);
    await expect.poll(() => slots.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);

    // A transfer from the member's bank: once the server has credited it, home shows it with no tap.
    await creditFromBank(member, 700);
    await money.waitForCash(700);
    const credited = Date.now();
    await expect(cash).toHaveText(baht(700), { timeout: 15_000 });
    expect(Date.now() - credited).toBeLessThan(15_000);
    await expect(page.getByTestId('wallet-total')).toHaveText(baht(700));
    await expect(steps).toBeHidden();
    expect(refreshTaps).toBe(0);
  });

  test('a failed wallet read shows the last known balance (not ฿0.00), the error and a working retry', async ({
    page,
    api,
    member,
  }) => {
    const token = await api.login(member.phone, member.password);
    const money = memberMoney(api, token);
    await creditFromBank(member, 1000);
    await money.waitForCash(1000);
    await signIn(page, api, token);

    const card = page.getByTestId('wallet-card');
    const cash = page.getByTestId('wallet-cash');
    await expect(card).toHaveAttribute('data-state', 'live');
    await expect(cash).toHaveText(baht(1000));

    // The server fails every wallet read from now on; the page is opened again, as the app draws it (the server would
    // not draw a page whose wallet read failed: docs/decisions/0021-member-home-page.md).
    let isServerFailing = true;
    await page.route(WALLET_GET, (route) =>
      isServerFailing
        ? route.fulfill({ status: 500, json: { message: 'INTERNAL_SERVER_ERROR' } })
        : route.continue(),
    );
    await page.context().clearCookies({ name: 'home_session' });
    await page.reload();
    await expect(card).toHaveAttribute('data-state', 'stale');
    await expect(cash).toHaveText(baht(1000));
    await expect(page.getByTestId('wallet-total')).toHaveText(baht(1000));
    await expect(card.getByTestId('wallet-last-known')).toContainText(en.walletFlow.lastKnown);
    await expect(card.getByTestId('wallet-failure')).toContainText(en.walletFlow.updateFailed);
    await expect(card.getByTestId('wallet-failure-reason')).toHaveText(
      en.errors.INTERNAL_SERVER_ERROR,
    );
    await expect(page.getByTestId('games-failed')).toContainText(en.homeFlow.gamesLoadFailed);
    await screenshot(page, 'home-wallet-failed');

    // Money arrives meanwhile; the server answers again; a tap on retry reads the fresh figure.
    await creditFromBank(member, 500);
    await money.waitForCash(1500);
    // The app polls the wallet (and asks once more after a failure): the server comes back only when no read of the
    // app's own is under way, so the read that succeeds is the retry's, not a poll's that would make the button go.
    const retry = card.getByTestId('wallet-retry');
    await expect(retry).toBeEnabled();
    isServerFailing = false;
    const read = page.waitForResponse(
      (res) => new URL(res.url()).pathname === '/api/wallet' && res.status() === 200,
    );
    await retry.click();
    await read;
    await expect(cash).toHaveText(baht(1500), { timeout: 3_000 });
    await expect(card).toHaveAttribute('data-state', 'live');
    await expect(card.getByTestId('wallet-failure')).toBeHidden();
    await expect(page.getByTestId('games-failed')).toBeHidden();
    await expect(page.getByTestId('games-slot')).toBeVisible();
  });

  test('with nothing known yet: no figure at all when the read fails, and a skeleton while loading', async ({
    page,
    api,
    member,
  }) => {
    const token = await api.login(member.phone, member.password);
    // A phone that never loaded the wallet (no stored copy), and the server fails.
    await page.route(WALLET_GET, (route) =>
      route.fulfill({ status: 500, json: { message: 'INTERNAL_SERVER_ERROR' } }),
    );
    await signIn(page, api, token);
    const card = page.getByTestId('wallet-card');
    await expect(card).toHaveAttribute('data-state', 'failed');
    await expect(page.getByTestId('wallet-cash')).toHaveText(en.walletFlow.unavailable);
    await expect(card).not.toContainText('0.00');
    await expect(card.getByTestId('wallet-retry')).toBeVisible();
    await expect(card.getByTestId('wallet-transfer')).toBeDisabled();
    await expect(card.getByTestId('wallet-deposit')).toBeEnabled();
    await expect(page.getByTestId('games-failed')).toBeVisible();
    await expect(page.getByTestId('first-steps')).toHaveCount(0);

    // The read held: a skeleton, still no figure.
    await page.unroute(WALLET_GET);
    await page.route(WALLET_GET, () => {
      // never answered
    });
    await page.context().clearCookies({ name: 'home_session' });
    await page.reload();
    await expect(card).toHaveAttribute('data-state', 'loading');
    await expect(card).toHaveAttribute('aria-busy', 'true');
    await expect(card).not.toContainText('0.00');
    await expect(page.getByTestId('games-loading')).toBeVisible();
  });

  test('offline: a banner; a read fails at once with the offline message; a transfer is checked, never called failed, and lands once when back online', async ({
    page,
    api,
    member,
  }) => {
    const token = await api.login(member.phone, member.password);
    const money = memberMoney(api, token);
    await creditFromBank(member, 500);
    await money.waitForCash(500);
    await money.activate('PG');
    await signIn(page, api, token);
    const card = page.getByTestId('wallet-card');
    await expect(card).toHaveAttribute('data-state', 'live');

    await page.context().setOffline(true);
    await expect(page.getByTestId('offline-banner')).toHaveText(en.homeFlow.offline);
    // Coming back to the page reads the wallet again: it fails with OFFLINE and keeps the figures.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(card).toHaveAttribute('data-state', 'stale', { timeout: 15_000 });
    await expect(card.getByTestId('wallet-failure-reason')).toHaveText(en.errors.OFFLINE);
    await expect(page.getByTestId('wallet-cash')).toHaveText(baht(500));

    // A transfer sent without a network may or may not have reached the server: the app says so and checks again
    // once online, under the same key (docs/decisions/0024-unknown-money-outcomes.md); it never says "failed".
    await card.getByTestId('wallet-transfer').click();
    const modal = page.getByTestId('transfer-modal');
    await modal.getByTestId('transfer-to-PG').click();
    await modal.getByTestId('transfer-amount').fill('100');
    await modal.getByTestId('transfer-submit').click();
    const checking = page.getByTestId('money-checking');
    await expect(checking).toContainText(en.moneyCheck.offline.title, { timeout: 5_000 });
    await expect(page.getByTestId('alert-dialog')).toHaveCount(0);

    await page.context().setOffline(false);
    await expect(page.getByTestId('offline-banner')).toBeHidden();
    await expect(checking).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByText(en.errors.OFFLINE)).toHaveCount(0);
    await expect.poll(async () => (await money.wallet()).wallet.amount).toBe(400);
    await expect(page.getByTestId('wallet-cash')).toHaveText(baht(400));
  });
});
