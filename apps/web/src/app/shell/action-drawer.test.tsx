import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ActionDrawer } from '@/app/shell/action-drawer';
import { WalletModalsProvider } from '@/features/wallet/components/wallet-modals-provider';
import { storeToken } from '@/lib/session';
import { jsonResponse, renderRoutes } from '@/testing/render';
import { walletFixture } from '@/testing/wallet-fixture';

const fetchMock = vi.fn<typeof fetch>();
let isSpinActive = true;

beforeEach(() => {
  storeToken('tok', false);
  isSpinActive = true;
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const path = String(input);
    const wallet = walletFixture();
    if (path === '/api/account/profile')
      return jsonResponse({
        profile: { ...wallet.profile, coin: 7 },
        bankAccount: wallet.bankAccount,
      });
    if (path === '/api/wallet') return jsonResponse(wallet);
    if (path === '/api/spinwheel/active') return jsonResponse({ isActive: isSpinActive });
    if (path === '/api/spinwheel/setup')
      return jsonResponse({
        result: {
          activeSpinwheel: null,
          userCoin: 7,
          waitingCoin: 0,
          prizeLock: { amount: 0, toPlay: 0 },
          fairness: { seedHash: 'h', nonce: 0 },
        },
      });
    if (path === '/api/spinwheel/coupon') return jsonResponse({ coupons: [] });
    return jsonResponse({ message: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The drawer as the member layout holds it: a tile closes it, the plus button opens it again. */
function Harness() {
  const [isOpen, setOpen] = useState(true);
  return (
    <WalletModalsProvider>
      <button type="button" onClick={() => setOpen(true)}>
        plus
      </button>
      <ActionDrawer isOpen={isOpen} onOpenChange={setOpen} />
    </WalletModalsProvider>
  );
}

function open() {
  const user = userEvent.setup();
  const view = renderRoutes(
    [
      {
        path: '/user/home',
        element: <Harness />,
      },
      { path: '/user/bonus', element: <p>bonus page</p> },
    ],
    '/user/home',
  );
  return { user, drawer: screen.getByTestId('action-drawer'), router: view.router };
}

describe('ActionDrawer (docs/spec.md §2)', () => {
  it('shows the spin tile with the coin count when the wheel is on, and every action in order', async () => {
    const { drawer } = open();
    expect(await within(drawer).findByTestId('action-spin-coins')).toHaveTextContent('7 coins');
    expect(within(drawer).queryByTestId('action-refresh')).not.toBeInTheDocument();
    const labels = within(drawer)
      .getAllByRole('button')
      .filter((button) => button.dataset.testid?.startsWith('action-'))
      .map((button) => button.dataset.testid);
    expect(labels).toEqual([
      'action-spin',
      'action-deposit',
      'action-withdraw',
      'action-invite',
      'action-bonus',
      'action-refund',
      'action-transfer',
    ]);
  });

  it('shows the balance-refresh tile when the wheel is off', async () => {
    isSpinActive = false;
    const { drawer } = open();
    await waitFor(() =>
      expect(within(drawer).getByTestId('action-refresh-total')).toHaveTextContent('฿600.00'),
    );
    expect(within(drawer).queryByTestId('action-spin')).not.toBeInTheDocument();
  });

  it('closes itself and opens the spin, invite and refund modals, and goes to /user/bonus for bonus', async () => {
    const { user, router } = open();
    for (const [tile, modal] of [
      ['action-spin', 'spin-modal'],
      ['action-invite', 'invite-modal'],
      ['action-refund', 'refund-modal'],
    ] as const) {
      await user.click(await within(await screen.findByTestId('action-drawer')).findByTestId(tile));
      expect(await screen.findByTestId(modal)).toBeInTheDocument();
      expect(screen.queryByTestId('action-drawer')).not.toBeInTheDocument();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByTestId(modal)).not.toBeInTheDocument());
      await user.click(screen.getByRole('button', { name: 'plus' }));
    }
    await user.click(
      within(await screen.findByTestId('action-drawer')).getByTestId('action-bonus'),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/bonus'));
  });
});
