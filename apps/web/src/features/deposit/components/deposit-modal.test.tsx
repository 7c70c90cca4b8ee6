import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DepositModal } from '@/features/deposit/components/deposit-modal';
import { storeToken } from '@/lib/session';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { walletFixture } from '@/testing/wallet-fixture';

const fetchMock = vi.fn<typeof fetch>();
const none = { qrcodeId: null, hasQrcode: false, qrcode: null, amount: null, expireIn: null, message: null };
const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><rect width="1" height="1" onclick="alert(1)"/><script>alert(1)</script></svg>';
let calls: { method: string; path: string; body: unknown }[] = [];
let member = { bankCode: 'SCB', bankAccountName: 'SOMCHAI JAIDEE' };

const lookup = {
  banks: [
    { bankCode: 'KBANK', bankType: 'deposit', mode: 'auto', bank: { nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' }, bankAccountName: 'MEKONG', bankAccountNo: '1423096718', currency: 'BAHT' },
  ],
  wallets: [],
  isManual: false,
};

beforeEach(() => {
  storeToken('tok', false);
  calls = [];
  member = { bankCode: 'SCB', bankAccountName: 'SOMCHAI JAIDEE' };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const base = walletFixture();
    const profile = { ...base.profile, ...member };
    if (path === '/api/wallet') return jsonResponse({ ...base, profile });
    if (path === '/api/account/profile') return jsonResponse({ profile, bankAccount: base.bankAccount });
    if (path === '/api/account/bankAccountName') {
      member = { ...member, bankAccountName: 'SOMCHAI JAIDEE' };
      return jsonResponse({ profile: { ...profile, ...member }, bankAccount: base.bankAccount });
    }
    if (path === '/api/lookup/deposit') return jsonResponse(lookup);
    if (path === '/api/lookup/slip') return jsonResponse({ isOpen: true, closedFrom: null, closedTo: null });
    if (path.startsWith('/api/qrcode/') && method === 'GET') return jsonResponse(none);
    if (path === '/api/qrcode/KBANK' && method === 'POST') return jsonResponse({ qrcodeId: 'q1', hasQrcode: true, qrcode: svg, amount: 100, expireIn: 600, message: null });
    if (path === '/api/qrcode/KBANK' && method === 'DELETE') return jsonResponse(none);
    return jsonResponse({ message: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

async function openModal() {
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <DepositModal isOpen onOpenChange={() => {}} />
      <Toaster />
    </>,
  );
  const modal = await screen.findByTestId('deposit-modal');
  await within(modal).findByTestId('deposit-amount');
  return { user, modal };
}

describe('DepositModal', () => {
  it('reads every provider on opening, keeps create disabled at 0, and applies the WW minimum', async () => {
    const { user } = await openModal();
    await waitFor(() => expect(calls.filter((c) => c.path.startsWith('/api/qrcode/')).map((c) => c.path).sort()).toEqual(['/api/qrcode/E2P', '/api/qrcode/KBANK', '/api/qrcode/WW']));
    expect(screen.getByTestId('deposit-create')).toBeDisabled();
    await user.type(screen.getByTestId('deposit-amount'), '0');
    expect(screen.getByTestId('deposit-create')).toBeDisabled();

    await user.click(screen.getByTestId('deposit-provider-WW'));
    await user.type(await screen.findByTestId('deposit-amount'), '99');
    expect(screen.getByTestId('deposit-create')).toBeDisabled();
    expect(screen.getByText('The minimum for this channel is ฿100.00')).toBeInTheDocument();
    await user.click(screen.getByTestId('deposit-quick-100'));
    expect(screen.getByTestId('deposit-create')).toBeEnabled();
  });

  it('creates a KBANK QR, shows it sanitized with its countdown, refreshes the other providers, and cancels it', async () => {
    const { user } = await openModal();
    await user.click(screen.getByTestId('deposit-quick-100'));
    await user.click(screen.getByTestId('deposit-create'));
    const qr = await screen.findByTestId('deposit-qr');
    await waitFor(() => expect(qr.querySelector('svg')).not.toBeNull());
    expect(qr.querySelector('script')).toBeNull();
    expect(qr.querySelector('[onclick]')).toBeNull();
    expect(screen.getByTestId('deposit-countdown').textContent).toMatch(/^(10:00|09:5\d)$/);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ amount: 100 });
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/qrcode/WW').length).toBe(2));
    expect(calls.filter((c) => c.path === '/api/qrcode/E2P').length).toBe(2);

    await user.click(screen.getByTestId('deposit-cancel'));
    await screen.findByTestId('deposit-create');
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ qrcodeId: 'q1' });
  });

  it('makes a KTB member with a Thai name save an English name before copying, then copies', async () => {
    member = { bankCode: 'KTB', bankAccountName: 'สมชาย ใจดี' };
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    // user-event puts its own clipboard on navigator; it is read back below.
    const { user } = await openModal();
    await user.click(await screen.findByTestId('deposit-copy-1423096718'));
    const dialog = await screen.findByTestId('edit-name-modal');
    expect(screen.queryByText(/copied/)).toBeNull();

    await user.type(within(dialog).getByTestId('edit-name-input'), 'สมชาย');
    await user.click(within(dialog).getByTestId('edit-name-save'));
    expect(await within(dialog).findByText('English only')).toBeInTheDocument();

    await user.clear(within(dialog).getByTestId('edit-name-input'));
    await user.type(within(dialog).getByTestId('edit-name-input'), 'somchai jaidee');
    expect(within(dialog).getByTestId('edit-name-input')).toHaveValue('SOMCHAI JAIDEE');
    await user.click(within(dialog).getByTestId('edit-name-save'));
    await waitFor(() => expect(screen.queryByTestId('edit-name-modal')).toBeNull());
    expect(calls.find((c) => c.path === '/api/account/bankAccountName')?.body).toEqual({ bankCode: 'KTB', bankAccountName: 'SOMCHAI JAIDEE' });
    expect(await screen.findByText('copied: 1423096718', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('1423096718');
  });

  it('keeps the gift-link send button disabled while the field is empty', async () => {
    const { user } = await openModal();
    expect(screen.getByTestId('truelink-submit')).toBeDisabled();
    await user.type(screen.getByTestId('truelink-input'), '   ');
    expect(screen.getByTestId('truelink-submit')).toBeDisabled();
    await user.type(screen.getByTestId('truelink-input'), 'https://gift.truemoney.com/campaign/?v=abc');
    expect(screen.getByTestId('truelink-submit')).toBeEnabled();
  });
});
