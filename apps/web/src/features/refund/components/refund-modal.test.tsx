import type { RefundCheck } from '@mekong/contracts/refund';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RefundModal } from '@/features/refund/components/refund-modal';
import en from '@/locales/en.json';
import { storeToken } from '@/lib/session';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { walletFixture } from '@/testing/wallet-fixture';

const fetchMock = vi.fn<typeof fetch>();
let check: RefundCheck;
let refunds: { _id: string; refundAmount: number; createdAt: string; weekStart: string }[] = [];
let receives: { key: string | undefined }[] = [];
let receiveAnswer: { status: number; body: unknown } | null = null;

function checkFixture(over: Partial<RefundCheck> = {}): RefundCheck {
  return {
    result: true,
    bonus: false,
    info: {
      percent: 5,
      minimum: 0,
      maximum: 1000,
      weekStart: '2026-11-15T17:00:00.000Z',
      weekEnd: '2026-11-22T17:00:00.000Z',
      netLoss: 900,
      isReceived: false,
    },
    refundAmount: 45,
    refundSuccess: 10,
    refundFail: 3,
    ...over,
  };
}

beforeEach(() => {
  storeToken('tok', false);
  check = checkFixture();
  refunds = [];
  receives = [];
  receiveAnswer = null;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const path = String(input);
    const { profile, bankAccount } = walletFixture();
    if (path === '/api/account/profile') return jsonResponse({ profile, bankAccount });
    if (path === '/api/refund/banners') return jsonResponse({ banners: [{ image: '/banner.png', html: { th: '<p>คืนยอดเสีย</p>', la: '<p>ຄືນຍອດເສຍ</p>', en: '<p>Weekly refund</p>' } }] });
    if (path === '/api/refund/check') return jsonResponse(check);
    if (path === '/api/refund') return jsonResponse({ total: refunds.length, refunds });
    if (path === '/api/refund/receive') {
      receives.push({ key: (init?.headers as Record<string, string>)['idempotency-key'] });
      if (receiveAnswer) return jsonResponse(receiveAnswer.body, receiveAnswer.status);
      refunds = [{ _id: 'R1', refundAmount: 45, createdAt: '2026-11-24T03:00:00.000Z', weekStart: check.info.weekStart }];
      check = checkFixture({ result: false, refundAmount: 0, refundSuccess: 55, info: { ...check.info, isReceived: true } });
      return jsonResponse({ message: 'REFUND_SUCCESS', refundAmount: 45, transferId: 't1' });
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
      <RefundModal isOpen onOpenChange={() => {}} />
      <Toaster />
    </>,
  );
  return { user, modal: screen.getByTestId('refund-modal') };
}

describe('RefundModal', () => {
  it('shows last week, its net loss, the percent and the refund, with the banners and an empty log', async () => {
    const { modal } = open();
    const card = await within(modal).findByTestId('refund-check');
    expect(card).toHaveTextContent('Week 16/11/2026 – 22/11/2026');
    expect(within(card).getByTestId('refund-net-loss')).toHaveTextContent('฿900.00');
    expect(within(card).getByTestId('refund-percent')).toHaveTextContent('5%');
    expect(within(card).getByTestId('refund-amount')).toHaveTextContent('฿45.00');
    expect(card).toHaveTextContent('Maximum ฿1,000.00');
    expect(within(card).getByTestId('refund-success')).toHaveTextContent('฿10.00');
    expect(within(card).getByTestId('refund-fail')).toHaveTextContent('฿3.00');
    expect(within(card).getByTestId('refund-receive')).toBeEnabled();
    expect(within(card).queryByTestId('refund-blocked')).not.toBeInTheDocument();
    expect(await within(modal).findByTestId('refund-log-empty')).toHaveTextContent('No refunds received yet.');
    await waitFor(() => expect(within(modal).getByTestId('refund-banners')).toHaveTextContent('Weekly refund'));
  });

  it('disables receiving while a bonus is active and says why (docs/spec.md §4)', async () => {
    check = checkFixture({ bonus: true, result: false });
    const { modal } = open();
    expect(await within(modal).findByTestId('refund-receive')).toBeDisabled();
    expect(within(modal).getByTestId('refund-blocked')).toHaveTextContent('You have an active bonus.');
  });

  it('disables receiving when there is no loss to refund', async () => {
    check = checkFixture({ result: false, refundAmount: 0, info: { ...checkFixture().info, netLoss: 0 } });
    const { modal } = open();
    expect(await within(modal).findByTestId('refund-receive')).toBeDisabled();
    expect(within(modal).getByTestId('refund-blocked')).toHaveTextContent('There is no loss to refund for last week.');
  });

  it('receives once with an Idempotency-Key, toasts, and shows it received and in the log', async () => {
    const { user, modal } = open();
    await user.click(await within(modal).findByTestId('refund-receive'));
    expect(await screen.findByText('฿45.00 was added to your wallet.')).toBeInTheDocument();
    expect(receives).toHaveLength(1);
    expect(receives[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(within(modal).getByTestId('refund-blocked')).toHaveTextContent('already received'));
    expect(within(modal).getByTestId('refund-receive')).toBeDisabled();
    const row = await within(modal).findByTestId('refund-row');
    expect(row).toHaveTextContent('24/11/2026');
    expect(row).toHaveTextContent('16/11/2026');
    expect(row).toHaveTextContent('฿45.00');
  });

  it('shows the server refusal in the error dialog', async () => {
    receiveAnswer = { status: 409, body: { message: 'REFUND_CONDITION' } };
    const { user, modal } = open();
    await user.click(await within(modal).findByTestId('refund-receive'));
    const alert = await screen.findByTestId('alert-dialog');
    expect(alert).toHaveTextContent('Could not receive the refund');
    expect(alert).toHaveTextContent(en.errors.REFUND_CONDITION);
    expect(receives).toHaveLength(1);
  });
});
