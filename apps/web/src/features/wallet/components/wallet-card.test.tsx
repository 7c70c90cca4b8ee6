import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WalletCard } from '@/features/wallet/components/wallet-card';
import { WalletModalsProvider } from '@/features/wallet/components/wallet-modals-provider';
import { walletQuery } from '@/lib/member-queries';
import { storeToken } from '@/lib/session';
import { writeWalletCache } from '@/lib/user-info-cache';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { walletFixture } from '@/testing/wallet-fixture';

const fetchMock = vi.fn<typeof fetch>();
let answer: () => Response | Promise<Response>;

function Home({ onDeposit = () => {} }: { onDeposit?: () => void }) {
  const wallet = useQuery(walletQuery);
  return <WalletCard wallet={wallet} onDeposit={onDeposit} />;
}

function renderCard(onDeposit?: () => void) {
  renderWithProviders(
    <WalletModalsProvider>
      <Home onDeposit={onDeposit} />
    </WalletModalsProvider>,
  );
  return screen.getByTestId('wallet-card');
}

beforeEach(() => {
  storeToken('tok', false);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => (String(input) === '/api/wallet' ? answer() : jsonResponse({ message: 'NOT_FOUND' }, 404)));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

const stored = walletFixture({ wallet: { amount: 1000, bonusAmount: 0, hasReceivedBonus: false }, slots: [] });

describe('WalletCard never shows a false zero', () => {
  it('shows the last known balance, marked, with the error and a retry when the read fails', async () => {
    writeWalletCache(stored);
    answer = () => jsonResponse({ message: 'INTERNAL_SERVER_ERROR' }, 500);
    const card = renderCard();
    await waitFor(() => expect(card).toHaveAttribute('data-state', 'stale'));
    expect(within(card).getByTestId('wallet-cash')).toHaveTextContent('฿1,000.00');
    expect(within(card).getByTestId('wallet-total')).toHaveTextContent('฿1,000.00');
    expect(within(card).getByTestId('wallet-last-known')).toHaveTextContent('Last known balance');
    expect(within(card).getByTestId('wallet-failure')).toHaveTextContent('We could not update your balance.');

    answer = () => jsonResponse(walletFixture({ wallet: { amount: 1500, bonusAmount: 0, hasReceivedBonus: false }, slots: [] }));
    await userEvent.click(within(card).getByTestId('wallet-retry'));
    await waitFor(() => expect(card).toHaveAttribute('data-state', 'live'));
    expect(within(card).getByTestId('wallet-cash')).toHaveTextContent('฿1,500.00');
    expect(within(card).queryByTestId('wallet-failure')).not.toBeInTheDocument();
  });

  it('shows no amount at all when the read fails with nothing stored', async () => {
    answer = () => jsonResponse({ message: 'INTERNAL_SERVER_ERROR' }, 500);
    const card = renderCard();
    await waitFor(() => expect(card).toHaveAttribute('data-state', 'failed'));
    expect(card).not.toHaveTextContent('0.00');
    expect(within(card).getByTestId('wallet-cash')).toHaveTextContent('Balance not available');
    expect(within(card).getByTestId('wallet-transfer')).toBeDisabled();
  });

  it('shows a skeleton, not ฿0.00, while the first read runs; Deposit comes first and works meanwhile', async () => {
    answer = () => new Promise<Response>(() => {});
    const onDeposit = vi.fn();
    const card = renderCard(onDeposit);
    expect(card).toHaveAttribute('data-state', 'loading');
    expect(card).not.toHaveTextContent('0.00');
    const actions = within(card).getAllByRole('button').filter((b) => b.classList.contains('wallet-action'));
    expect(actions.map((b) => b.dataset.testid)).toEqual(['wallet-deposit', 'wallet-transfer', 'wallet-withdraw']);
    await userEvent.click(within(card).getByTestId('wallet-deposit'));
    expect(onDeposit).toHaveBeenCalledOnce();
  });

  it('the bonus wallet links to the bonus page', async () => {
    answer = () => jsonResponse(stored);
    const card = renderCard();
    await waitFor(() => expect(card).toHaveAttribute('data-state', 'live'));
    expect(within(card).getByTestId('wallet-bonus-link')).toHaveAttribute('href', '/user/bonus');
  });
});
