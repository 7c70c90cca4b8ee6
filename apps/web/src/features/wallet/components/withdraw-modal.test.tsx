import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WalletModalsProvider } from '@/features/wallet/components/wallet-modals-provider';
import { useWalletModals } from '@/features/wallet/hooks/use-wallet-modals';
import { storeToken } from '@/lib/session';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { memberBonusFixture } from '@/testing/bonus-fixture';
import { walletFixture } from '@/testing/wallet-fixture';

const fetchMock = vi.fn<typeof fetch>();
let withdrawals: { key: string | undefined; body: unknown }[] = [];
let hasReceivedBonus = false;
let withdrawCap = 2000;
/** The server's withdrawable under the bonus (issue 28); undefined: an answer from before it. */
let withdrawable: number | undefined;
let isMet = true;

function Opener() {
  const { openWithdraw } = useWalletModals();
  return (
    <button type="button" onClick={openWithdraw}>
      open
    </button>
  );
}

beforeEach(() => {
  storeToken('tok', false);
  withdrawals = [];
  hasReceivedBonus = false;
  withdrawCap = 2000;
  withdrawable = undefined;
  isMet = true;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const path = String(input);
    if (path === '/api/wallet') return jsonResponse(walletFixture({ wallet: { amount: 500, bonusAmount: 0, hasReceivedBonus } }));
    if (path === '/api/bonus/check/active')
      return jsonResponse({ status: true, type: 'limit', bonus: memberBonusFixture({}, { withdrawCap, isMet }), withdrawable });
    if (path === '/api/lookup/withdraw') return jsonResponse({ withdrawMin: 100, withdrawMax: 550 });
    if (path === '/api/wallet/withdrawAll') {
      withdrawals.push({ key: (init?.headers as Record<string, string>)['idempotency-key'], body: JSON.parse(String(init?.body)) });
      return jsonResponse({ message: 'WITHDRAW_PENDING', withdrawalId: 'w1', status: 'PENDING' });
    }
    return jsonResponse({ message: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

async function openModal(readyTestId = 'withdraw-amount') {
  const user = userEvent.setup();
  renderWithProviders(
    <WalletModalsProvider>
      <Opener />
      <Toaster />
    </WalletModalsProvider>,
  );
  await user.click(screen.getByRole('button', { name: 'open' }));
  const modal = await screen.findByTestId('withdraw-modal');
  await within(modal).findByTestId(readyTestId);
  return { user, modal };
}

describe('WithdrawModal', () => {
  it('shows the registered bank account, the limits, and refuses amounts outside them', async () => {
    const { user, modal } = await openModal();
    // Only the last digits of the account number are shown.
    expect(within(modal).getByTestId('withdraw-bank')).toHaveTextContent('xxx-xxx-7890');
    expect(within(modal).getByTestId('withdraw-bank')).not.toHaveTextContent('123-456');
    expect(within(modal).getByTestId('withdraw-available')).toHaveTextContent('฿600.00');
    expect(within(modal).getByText('Minimum ฿100.00 · maximum ฿550.00')).toBeInTheDocument();
    expect(within(modal).queryByTestId('withdraw-bonus-notice')).not.toBeInTheDocument();

    await user.type(within(modal).getByTestId('withdraw-amount'), '99');
    await user.click(within(modal).getByTestId('withdraw-submit'));
    expect(within(modal).getByText('The amount is below the minimum withdrawal.')).toBeInTheDocument();
    await user.clear(within(modal).getByTestId('withdraw-amount'));
    await user.type(within(modal).getByTestId('withdraw-amount'), '551');
    await user.click(within(modal).getByTestId('withdraw-submit'));
    expect(within(modal).getByText('The amount is above the maximum withdrawal.')).toBeInTheDocument();
    expect(withdrawals).toEqual([]);
  });

  it('asks to confirm the amount and destination before sending; Edit goes back with the amount kept', async () => {
    const { user, modal } = await openModal();
    await user.type(within(modal).getByTestId('withdraw-amount'), '300');
    await user.click(within(modal).getByTestId('withdraw-submit'));
    const confirm = within(modal).getByTestId('withdraw-confirm');
    expect(within(modal).getByRole('heading')).toHaveTextContent('Confirm withdrawal');
    expect(within(confirm).getByTestId('withdraw-confirm-amount')).toHaveTextContent('฿300.00');
    expect(within(confirm).getByTestId('withdraw-confirm-bank')).toHaveTextContent('Siam Commercial Bank');
    expect(within(confirm).getByTestId('withdraw-confirm-bank')).toHaveTextContent('xxx-xxx-7890');
    expect(within(confirm).getByTestId('withdraw-confirm-bank')).toHaveTextContent('SOMCHAI JAIDEE');
    // PG holds 100: it comes back to the wallet first.
    expect(confirm).toHaveTextContent('Money in your games comes back to your wallet first.');
    expect(withdrawals).toEqual([]);

    await user.click(within(confirm).getByTestId('withdraw-confirm-back'));
    expect(within(modal).getByTestId('withdraw-amount')).toHaveValue('300');
    expect(withdrawals).toEqual([]);
  });

  it('pays through withdrawAll with an Idempotency-Key once confirmed, closes, and says when approval is pending', async () => {
    const { user, modal } = await openModal();
    await user.type(within(modal).getByTestId('withdraw-amount'), '300');
    await user.click(within(modal).getByTestId('withdraw-submit'));
    await user.click(within(modal).getByTestId('withdraw-confirm-submit'));
    await waitFor(() => expect(screen.queryByTestId('withdraw-modal')).not.toBeInTheDocument());
    expect(withdrawals).toHaveLength(1);
    expect(withdrawals[0]!.body).toEqual({ amount: 300 });
    expect(withdrawals[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText(/waiting for approval/)).toHaveTextContent('฿300.00');
  });

  it('tells a member who received a bonus to withdraw the whole amount', async () => {
    hasReceivedBonus = true;
    const { modal } = await openModal();
    expect(within(modal).getByTestId('withdraw-bonus-notice')).toHaveTextContent('please withdraw the whole amount');
    // The active bonus's withdraw cap (docs/decisions/0013-promotions.md).
    expect(await within(modal).findByTestId('withdraw-bonus-cap')).toHaveTextContent('pays at most ฿2,000.00; the rest is forfeited');
  });

  it('under a bonus with a cap, the confirm step and the toast say what the bank receives', async () => {
    hasReceivedBonus = true;
    withdrawCap = 200;
    const { user, modal } = await openModal();
    await within(modal).findByTestId('withdraw-bonus-cap');
    // (The fixture's whole total is above its maximum of 550; the server, not the form, asks for the whole amount.)
    await user.type(within(modal).getByTestId('withdraw-amount'), '500');
    await user.click(within(modal).getByTestId('withdraw-submit'));
    expect(within(modal).getByTestId('withdraw-confirm-cap')).toHaveTextContent('Under your bonus you receive ฿200.00; ฿300.00 is forfeited.');
    await user.click(within(modal).getByTestId('withdraw-confirm-submit'));
    await waitFor(() => expect(withdrawals).toHaveLength(1));
    // The amount asked for is sent as typed; the capped payout is what the toast names.
    expect(withdrawals[0]!.body).toEqual({ amount: 500 });
    expect(await screen.findByText(/withdrawal of ฿200\.00 is waiting for approval/)).toBeInTheDocument();
  });

  it('under a bonus not met, says ฿0.00 can be withdrawn now, the money held and the progress, and offers no amount (issue 28)', async () => {
    hasReceivedBonus = true;
    isMet = false;
    withdrawable = 0;
    const { modal } = await openModal('withdraw-bonus-lock');
    expect(within(modal).getByTestId('withdraw-available')).toHaveTextContent('฿0.00');
    expect(within(modal).getByText('Withdrawable now')).toBeInTheDocument();
    // Cash 500 + PG 100 of the wallet fixture.
    expect(within(modal).getByTestId('withdraw-bonus-held')).toHaveTextContent('฿600.00 is held by your bonus');
    expect(within(modal).getByTestId('withdraw-bonus-progress')).toHaveTextContent('฿1,200.00 of ฿3,000.00 · ฿1,800.00 to go');
    expect(within(modal).getByTestId('withdraw-bonus-cancel-link')).toHaveAttribute('href', '/user/bonus');
    expect(within(modal).queryByTestId('withdraw-amount')).not.toBeInTheDocument();
    expect(within(modal).queryByTestId('withdraw-submit')).not.toBeInTheDocument();
    expect(withdrawals).toEqual([]);
  });

  it('under a bonus met, offers only the whole amount the server takes and refuses any other (issue 28)', async () => {
    hasReceivedBonus = true;
    withdrawable = 520;
    const { user, modal } = await openModal();
    expect(within(modal).getByTestId('withdraw-available')).toHaveTextContent('฿520.00');
    await user.type(within(modal).getByTestId('withdraw-amount'), '300');
    await user.click(within(modal).getByTestId('withdraw-submit'));
    expect(within(modal).getByText('With a bonus, please withdraw the whole balance at once.')).toBeInTheDocument();
    expect(within(modal).queryByTestId('withdraw-confirm')).not.toBeInTheDocument();
    await user.clear(within(modal).getByTestId('withdraw-amount'));
    await user.click(within(modal).getByTestId('withdraw-fill-all'));
    expect(within(modal).getByTestId('withdraw-amount')).toHaveValue('520.00');
    await user.click(within(modal).getByTestId('withdraw-submit'));
    expect(within(modal).getByTestId('withdraw-confirm-amount')).toHaveTextContent('฿520.00');
  });
});
