import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WalletModalsProvider } from '@/features/wallet/components/wallet-modals-provider';
import { useWalletModals } from '@/features/wallet/hooks/use-wallet-modals';
import { storeToken } from '@/lib/session';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { walletFixture } from '@/testing/wallet-fixture';

const fetchMock = vi.fn<typeof fetch>();

function Opener() {
  const { openTransfer } = useWalletModals();
  return (
    <button type="button" onClick={() => openTransfer()}>
      open
    </button>
  );
}

type Sent = { path: string; key: string | undefined; body: unknown };
let sent: Sent[] = [];
let transferAnswers: (() => Response | Promise<Response>)[] = [];

beforeEach(() => {
  storeToken('tok', false);
  sent = [];
  transferAnswers = [];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const path = String(input);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    if (path === '/api/wallet') return jsonResponse(walletFixture());
    if (path === '/api/wallet/transfer') {
      sent.push({ path, key: headers['idempotency-key'], body: JSON.parse(String(init?.body)) });
      const next = transferAnswers.shift();
      if (!next) throw new Error('no answer');
      return next();
    }
    return jsonResponse({ message: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

async function openModal() {
  const user = userEvent.setup();
  renderWithProviders(
    <WalletModalsProvider>
      <Opener />
    </WalletModalsProvider>,
  );
  await user.click(screen.getByRole('button', { name: 'open' }));
  const modal = await screen.findByTestId('transfer-modal');
  await within(modal).findByTestId('transfer-from-wallet');
  return { user, modal };
}

describe('TransferModal', () => {
  it('offers the header item, the wallet and only active games, with balances', async () => {
    const { modal } = await openModal();
    expect(within(modal).getByTestId('transfer-from-none')).toHaveAttribute('aria-checked', 'true');
    expect(within(modal).getByTestId('transfer-from-wallet')).toHaveTextContent('฿500.00');
    expect(within(modal).getByTestId('transfer-to-PG')).toHaveTextContent('฿100.00');
    expect(within(modal).queryByTestId('transfer-to-JOKER')).not.toBeInTheDocument();
  });

  it('shows the spec messages and sends nothing while a rule is broken', async () => {
    const { user, modal } = await openModal();
    await user.click(within(modal).getByTestId('transfer-submit'));
    expect(within(modal).getByTestId('transfer-error')).toHaveTextContent('Please select correct account');

    await user.click(within(modal).getByTestId('transfer-from-wallet'));
    await user.click(within(modal).getByTestId('transfer-to-PG'));
    await user.type(within(modal).getByTestId('transfer-amount'), '0.5');
    await user.click(within(modal).getByTestId('transfer-submit'));
    expect(within(modal).getByText('Minimum amount is 1 baht')).toBeInTheDocument();

    // More than the source holds (the wallet has 500): said under the field, before anything is sent.
    await user.clear(within(modal).getByTestId('transfer-amount'));
    await user.type(within(modal).getByTestId('transfer-amount'), '500.01');
    await user.click(within(modal).getByTestId('transfer-submit'));
    expect(within(modal).getByTestId('transfer-amount')).toHaveAccessibleDescription(/Your balance is not enough\./);
    expect(sent).toEqual([]);
  });

  it('never offers the chosen source as a destination; choosing the destination as source swaps them', async () => {
    const { user, modal } = await openModal();
    expect(within(modal).getByTestId('transfer-to-wallet')).toBeInTheDocument();
    await user.click(within(modal).getByTestId('transfer-from-wallet'));
    expect(within(modal).queryByTestId('transfer-to-wallet')).not.toBeInTheDocument();
    await user.click(within(modal).getByTestId('transfer-to-PG'));

    await user.click(within(modal).getByTestId('transfer-from-PG'));
    expect(within(modal).queryByTestId('transfer-to-PG')).not.toBeInTheDocument();
    expect(within(modal).getByTestId('transfer-to-wallet')).toHaveAttribute('aria-checked', 'true');
    expect(within(modal).getByTestId('transfer-amount')).toHaveAccessibleDescription('Available: ฿100.00');
  });

  it('sends an Idempotency-Key, replays it by itself after an unknown outcome, and closes on the true result', async () => {
    transferAnswers = [() => jsonResponse({ message: 'INTERNAL_SERVER_ERROR' }, 500), () => jsonResponse({ message: 'SUCCESS', transferId: 't1', status: 'SUCCESS' })];
    const { user, modal } = await openModal();
    await user.click(within(modal).getByTestId('transfer-from-wallet'));
    await user.click(within(modal).getByTestId('transfer-to-PG'));
    await user.type(within(modal).getByTestId('transfer-amount'), '150');
    await user.click(within(modal).getByTestId('transfer-submit'));

    await waitFor(() => expect(screen.queryByTestId('transfer-modal')).not.toBeInTheDocument(), { timeout: 3000 });
    expect(screen.queryByTestId('alert-dialog')).not.toBeInTheDocument();

    expect(sent).toHaveLength(2);
    expect(sent[0]!.body).toEqual({ from: 'wallet', to: 'PG', amount: 150 });
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]!.key).toBe(sent[0]!.key);
  });

  it('uses a new key after a definite refusal, and translates the code in the error dialog', async () => {
    transferAnswers = [() => jsonResponse({ message: 'MONEY_NOT_ENOUGH' }, 400), () => jsonResponse({ message: 'TRANSFER_FAIL' }, 502)];
    const { user, modal } = await openModal();
    await user.click(within(modal).getByTestId('transfer-from-PG'));
    await user.click(within(modal).getByTestId('transfer-to-wallet'));
    await user.type(within(modal).getByTestId('transfer-amount'), '5');
    await user.click(within(modal).getByTestId('transfer-submit'));
    const alert = await screen.findByTestId('alert-dialog');
    expect(alert).toHaveTextContent('Your balance is not enough.');
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    await user.click(within(screen.getByTestId('transfer-modal')).getByTestId('transfer-submit'));
    expect(await screen.findByTestId('alert-dialog')).toHaveTextContent('The transfer failed. The money was returned to your wallet.');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
  });
});
