import type { SlotAccount } from '@mekong/contracts/wallet';
import { expect, test } from './support/fixtures.ts';
import { baht, creditFromBank, memberMoney, signIn } from './support/money.ts';
import { screenshot } from './support/screenshot.ts';
import { SANDBOX_URL } from './support/urls.ts';

/**
 * Issue 10: a refund of last week's losses received in the app. The loss is played at the sandbox provider with bet
 * records dated in last week (the sandbox's playedAt), booked by the member's refresh, and refunded at the demo's 5 %.
 */
test('a loss played last week is refunded: the modal shows it, receiving credits the wallet once and logs it', async ({
  page,
  api,
  member,
}) => {
  test.setTimeout(90_000);
  const token = await api.login(member.phone, member.password);
  const money = memberMoney(api, token);
  await creditFromBank(member, 1000);
  await money.waitForCash(1000);
  await money.activate('PG');
  await money.transfer('wallet', 'PG', 600);
  const { username } = await api.get<SlotAccount>('/api/wallet/account/PG', { token });

  // Thursday of last week (Bangkok), 12:00: inside the last finished week whatever day it is now.
  const check = await api.get<{ info: { weekStart: string } }>('/api/refund/check', { token });
  const playedAt = new Date(Date.parse(check.info.weekStart) + 3.5 * 86_400_000).toISOString();
  const play = await fetch(`${SANDBOX_URL}/sandbox/games/play`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      provider: 'PG',
      username,
      results: [
        { betMinor: 40_000, winMinor: 0 },
        { betMinor: 20_000, winMinor: 10_000 },
      ],
      playedAt,
    }),
  });
  expect(play.status).toBe(200);
  // The member's refresh books the provider's bet records (and the balance: 600 - 500 = 100 left in PG).
  await api.get('/api/wallet/refresh/slot', { token });

  await signIn(page, api, token);
  await page.getByTestId('plus-button').click();
  await page.getByTestId('action-refund').click();
  const modal = page.getByTestId('refund-modal');
  const card = modal.getByTestId('refund-check');
  await expect(card.getByTestId('refund-net-loss')).toHaveText(baht(500));
  await expect(card.getByTestId('refund-amount')).toHaveText(baht(25));
  await expect(card.getByTestId('refund-receive')).toBeEnabled();
  await screenshot(page, 'refund-1-receivable');

  await card.getByTestId('refund-receive').click();
  await expect(modal.getByTestId('refund-row')).toHaveCount(1);
  await expect(modal.getByTestId('refund-row')).toContainText(baht(25));
  await expect(card.getByTestId('refund-receive')).toBeDisabled();
  await screenshot(page, 'refund-2-received');

  // Credited once: 1000 - 600 + 25 in cash; a second receipt is refused.
  expect((await money.wallet()).wallet.amount).toBe(425);
  const again = await api.call('GET', '/api/refund/addWallet', { token });
  expect(again.body).toMatchObject({ message: 'NO_REFUND' });
  expect((await money.wallet()).wallet.amount).toBe(425);
});
