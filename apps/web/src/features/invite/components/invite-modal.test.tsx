import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InviteModal } from '@/features/invite/components/invite-modal';
import { storeToken } from '@/lib/session';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { walletFixture } from '@/testing/wallet-fixture';

const fetchMock = vi.fn<typeof fetch>();
let inviteAmount = 0;
let inviteWaiting = 0;
let inviteHeld = 0;
let total = 0;
let collects: { key: string | undefined }[] = [];
let isListFailing = false;
const pages: number[] = [];

const row = (n: number) => ({
  _id: `I${n}`,
  from: { name: `Friend ${n}` },
  amount: n,
  createdAt: '2026-11-20T05:30:00.000Z',
  hasDeposited: n % 2 === 0,
});

beforeEach(() => {
  storeToken('tok', false);
  inviteAmount = 0;
  inviteWaiting = 0;
  inviteHeld = 0;
  total = 0;
  collects = [];
  isListFailing = false;
  pages.length = 0;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const path = String(input);
    const { profile, bankAccount } = walletFixture();
    if (path === '/api/account/profile') return jsonResponse({ profile, bankAccount });
    if (path === '/api/invite/banners') return jsonResponse({ banners: [] });
    if (path === '/api/invite') {
      if (isListFailing) return jsonResponse({ message: 'INTERNAL_SERVER_ERROR' }, 500);
      const { page, limit } = JSON.parse(String(init?.body)) as { page: number; limit: number };
      pages.push(page);
      const invites = Array.from(
        { length: Math.max(0, Math.min(limit, total - (page - 1) * limit)) },
        (_, i) => row((page - 1) * limit + i + 1),
      );
      return jsonResponse({
        total,
        invites,
        inviteAmount,
        inviteWaiting,
        inviteHeld,
        inviteSuccess: 66.67,
        inviteFail: 33.33,
        percent: 5,
      });
    }
    if (path === '/api/invite/bonus') {
      collects.push({ key: (init?.headers as Record<string, string>)['idempotency-key'] });
      const amount = inviteAmount;
      inviteAmount = 0;
      return jsonResponse({ message: 'INVITE_BONUS_SUCCESS', amount, transferId: 't1' });
    }
    if (path === '/api/wallet') return jsonResponse(walletFixture());
    return jsonResponse({ message: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

function open() {
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <InviteModal isOpen onOpenChange={() => {}} />
      <Toaster />
    </>,
  );
  return { user, modal: screen.getByTestId('invite-modal') };
}

describe('InviteModal', () => {
  it('shows the invite link of this member, the percentages and an empty list with nothing to collect', async () => {
    const { modal } = open();
    await waitFor(() =>
      expect(within(modal).getByTestId('invite-link')).toHaveTextContent(
        `${window.location.origin}/register?code=PRM1`,
      ),
    );
    expect(within(modal).getByTestId('invite-code')).toHaveTextContent('PRM1');
    expect(await within(modal).findByTestId('invite-success')).toHaveTextContent('66.67%');
    expect(within(modal).getByTestId('invite-fail')).toHaveTextContent('33.33%');
    expect(
      within(modal).getByText('You earn 5% of every deposit your invited friends make.', {
        exact: false,
      }),
    ).toBeInTheDocument();
    expect(within(modal).getByTestId('invite-empty')).toHaveTextContent('No invited friends yet');
    expect(within(modal).getByTestId('invite-amount')).toHaveTextContent('฿0.00');
    expect(within(modal).getByTestId('invite-nothing')).toBeInTheDocument();
    expect(within(modal).getByTestId('invite-collect')).toBeDisabled();
  });

  it('says what waits for the friends’ play and what is held for review', async () => {
    inviteWaiting = 12;
    inviteHeld = 50;
    const { modal } = open();
    expect(await within(modal).findByTestId('invite-waiting')).toHaveTextContent(
      '฿12.00 more arrives once your friends play their deposits.',
    );
    expect(within(modal).getByTestId('invite-held')).toHaveTextContent('฿50.00 is held for review');
    expect(within(modal).getByTestId('invite-collect')).toBeDisabled();
  });

  it('copies the link with the copied toast', async () => {
    const { user, modal } = open();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await waitFor(() => expect(within(modal).getByTestId('invite-copy')).toBeEnabled());
    await user.click(within(modal).getByTestId('invite-copy'));
    const link = `${window.location.origin}/register?code=PRM1`;
    expect(writeText).toHaveBeenCalledWith(link);
    expect(await screen.findByText(`copied: ${link}`)).toBeInTheDocument();
  });

  it('lists invitees 10 a page (name, earned, joined) and pages through them', async () => {
    total = 23;
    const { user, modal } = open();
    const rows = await within(modal).findAllByTestId('invite-row');
    expect(rows).toHaveLength(10);
    expect(rows[0]).toHaveTextContent('Friend 1');
    expect(rows[0]).toHaveTextContent('฿1.00');
    expect(rows[0]).toHaveTextContent('20/11/2026');
    expect(rows[0]).toHaveTextContent('12:30:00');
    await user.click(within(modal).getByTestId('invite-page-next'));
    await user.click(await within(modal).findByTestId('invite-page-3'));
    await waitFor(() => expect(within(modal).getAllByTestId('invite-row')).toHaveLength(3));
    expect(within(modal).getAllByTestId('invite-row')[0]).toHaveTextContent('Friend 21');
    expect(pages).toEqual([1, 2, 3]);
  });

  it('collects the accrued commission once, with an Idempotency-Key, then shows nothing left', async () => {
    inviteAmount = 42.5;
    const { user, modal } = open();
    expect(await within(modal).findByTestId('invite-amount')).toHaveTextContent('฿42.50');
    await user.click(within(modal).getByTestId('invite-collect'));
    expect(await screen.findByText('฿42.50 was added to your wallet.')).toBeInTheDocument();
    expect(collects).toHaveLength(1);
    expect(collects[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() =>
      expect(within(modal).getByTestId('invite-amount')).toHaveTextContent('฿0.00'),
    );
    expect(within(modal).getByTestId('invite-collect')).toBeDisabled();
  });

  it('says when the invitations could not be loaded and retries', async () => {
    isListFailing = true;
    const { user, modal } = open();
    expect(await within(modal).findByTestId('invite-failed')).toHaveTextContent(
      'We could not load your invitations.',
    );
    isListFailing = false;
    await user.click(within(modal).getByTestId('invite-failed-retry'));
    expect(await within(modal).findByTestId('invite-empty')).toBeInTheDocument();
  });
});
