import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DepositModal } from '@/features/deposit/components/deposit-modal';
import { storeToken } from '@/lib/session';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { walletFixture } from '@/testing/wallet-fixture';

const fetchMock = vi.fn<typeof fetch>();
const none = { qrcodeId: null, hasQrcode: false, qrcode: null, amount: null, expireIn: null, message: null, reference: null, payment: null };
const kbankQr = { qrcodeId: 'q1', hasQrcode: true, qrcode: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><rect width="1" height="1"/></svg>', amount: 100, expireIn: 600, message: null, reference: 'Q1234567890ABCDE', payment: null };
const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><rect width="1" height="1" onclick="alert(1)"/><script>alert(1)</script></svg>';
let calls: { method: string; path: string; body: unknown }[] = [];
let member = { bankCode: 'SCB', bankAccountName: 'SOMCHAI JAIDEE' };
/** What the gateways answer on GET, per provider (none by default). */
let qrStates: Record<string, unknown> = {};
let cash = 0;
/** The latest deposits as the statement lists them (newest first). */
let deposits: unknown[] = [];
const bankDeposit = (id: string, amount: number) => ({ _id: id, statementType: 'deposit', from: 'SCB', to: 'wallet', amount, status: 'SUCCESS', createdAt: new Date().toISOString(), description: null, channel: 'bank' });

const kipAccount = { bankCode: 'BCEL', bankType: 'deposit', mode: 'manual', bank: { nameTH: 'BCEL', nameEN: 'BCEL' }, bankAccountName: 'MEKONG WALLET CO LTD', bankAccountNo: '0101000123456789', currency: 'LAK' };
let options = {
  methods: ['qr', 'bank', 'slip', 'giftLink'],
  qrProviders: ['KBANK', 'WW', 'E2P'],
  qrOpen: ['KBANK', 'WW', 'E2P'],
  banks: [
    { bankCode: 'KBANK', bankType: 'deposit', mode: 'auto', bank: { nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' }, bankAccountName: 'MEKONG', bankAccountNo: '1423096718', currency: 'BAHT' },
  ],
  wallets: [] as unknown[],
  isManual: false,
};

beforeEach(() => {
  storeToken('tok', false);
  calls = [];
  member = { bankCode: 'SCB', bankAccountName: 'SOMCHAI JAIDEE' };
  qrStates = {};
  cash = 0;
  deposits = [];
  options = { ...options, qrOpen: ['KBANK', 'WW', 'E2P'], methods: ['qr', 'bank', 'slip', 'giftLink'], banks: options.banks.filter((b) => b.currency === 'BAHT') };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const base = walletFixture();
    const profile = { ...base.profile, ...member };
    if (path === '/api/wallet') return jsonResponse({ ...base, profile, wallet: { ...base.wallet, amount: cash } });
    if (path === '/api/account/profile') return jsonResponse({ profile, bankAccount: base.bankAccount });
    if (path === '/api/account/bankAccountName') {
      member = { ...member, bankAccountName: 'SOMCHAI JAIDEE' };
      return jsonResponse({ profile: { ...profile, ...member }, bankAccount: base.bankAccount });
    }
    if (path === '/api/deposit/options') return options ? jsonResponse(options) : jsonResponse({ message: 'SERVICE_UNAVAILABLE' }, 503);
    if (path === '/api/lookup/slip') return jsonResponse({ isOpen: true, closedFrom: null, closedTo: null });
    if (path.startsWith('/api/qrcode/') && method === 'GET') return jsonResponse(qrStates[path.slice('/api/qrcode/'.length)] ?? none);
    if (path === '/api/statement') return jsonResponse({ total: deposits.length, statements: deposits });
    if (path === '/api/qrcode' && method === 'POST') {
      qrStates.KBANK = { ...kbankQr, qrcode: svg };
      return jsonResponse({ ...kbankQr, qrcode: svg, provider: 'KBANK' });
    }
    if (path === '/api/qrcode/KBANK' && method === 'DELETE') {
      delete qrStates.KBANK;
      return jsonResponse(none);
    }
    return jsonResponse({ message: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

async function openModal(method?: string) {
  const user = userEvent.setup();
  const onOpenChange = vi.fn();
  renderWithProviders(
    <>
      <DepositModal isOpen onOpenChange={onOpenChange} />
      <Toaster />
    </>,
  );
  const modal = await screen.findByTestId('deposit-modal');
  if (method) {
    await user.click(await within(modal).findByTestId(`deposit-method-${method}`));
    await within(modal).findByTestId(`deposit-view-${method}`);
  }
  return { user, modal, onOpenChange };
}

describe('DepositModal', () => {
  it('opens on the list of open methods, QR first and recommended, and goes into one method and back', async () => {
    options = { ...options, methods: ['qr', 'bank', 'giftLink'] };
    const { user, modal } = await openModal();
    const list = await within(modal).findByTestId('deposit-methods');
    expect(within(list).getAllByRole('button').map((b) => b.dataset.testid)).toEqual(['deposit-method-qr', 'deposit-method-bank', 'deposit-method-giftLink']);
    expect(within(screen.getByTestId('deposit-method-qr')).getByText('Recommended')).toBeInTheDocument();
    expect(screen.queryByTestId('deposit-amount')).toBeNull();

    await user.click(screen.getByTestId('deposit-method-bank'));
    expect(await screen.findByTestId('deposit-view-bank')).toBeInTheDocument();
    expect(screen.queryByTestId('deposit-methods')).toBeNull();
    await user.click(screen.getByTestId('deposit-back'));
    expect(await screen.findByTestId('deposit-methods')).toBeInTheDocument();
  });

  it('opens straight on a QR left waiting, at its gateway', async () => {
    qrStates.WW = { ...kbankQr, qrcodeId: 'w1', amount: 300 };
    await openModal();
    const active = await screen.findByTestId('deposit-qr-active');
    expect(active.dataset.provider).toBe('WW');
    expect(screen.getByTestId('deposit-qr-reference')).toHaveTextContent('Q1234567890ABCDE');
  });

  it('lists deposit accounts in the member’s currency only, numbers grouped and holder names whole', async () => {
    options = { ...options, banks: [...options.banks, kipAccount] };
    await openModal('bank');
    const row = await screen.findByTestId('deposit-bank-1423096718');
    expect(within(row).getByTestId('deposit-account-no')).toHaveTextContent('142-3-09671-8');
    expect(screen.queryByTestId('deposit-bank-0101000123456789')).toBeNull();
  });

  it('reads every provider on opening; one QR form, no gateway tabs, with the lowest minimum of the open gateways', async () => {
    options = { ...options, qrOpen: ['WW', 'E2P'] };
    const { user } = await openModal();
    await screen.findByTestId('deposit-methods');
    expect(calls.filter((c) => c.path.startsWith('/api/qrcode/')).map((c) => c.path).sort()).toEqual(['/api/qrcode/E2P', '/api/qrcode/KBANK', '/api/qrcode/WW']);
    await user.click(screen.getByTestId('deposit-method-qr'));
    await screen.findByTestId('deposit-amount');
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.getByTestId('deposit-create')).toBeDisabled();
    await user.type(screen.getByTestId('deposit-amount'), '49');
    expect(screen.getByTestId('deposit-create')).toBeDisabled();
    expect(screen.getByText('The minimum for a QR deposit is ฿50.00')).toBeInTheDocument();
    await user.click(screen.getByTestId('deposit-quick-50'));
    expect(screen.getByTestId('deposit-create')).toBeEnabled();
  });

  it('checks the maximum and the decimals under the field before anything is sent', async () => {
    const { user } = await openModal('qr');
    await user.type(screen.getByTestId('deposit-amount'), '100000001');
    expect(screen.getByText('The most you can deposit at once is ฿100,000,000.00')).toBeInTheDocument();
    expect(screen.getByTestId('deposit-create')).toBeDisabled();
    await user.clear(screen.getByTestId('deposit-amount'));
    await user.type(screen.getByTestId('deposit-amount'), '10.555');
    expect(screen.getByText('The amount is not valid.')).toBeInTheDocument();
    expect(screen.getByTestId('deposit-create')).toBeDisabled();
    expect(calls.some((c) => c.method === 'POST' && c.path.startsWith('/api/qrcode'))).toBe(false);
  });

  it('creates a KBANK QR, shows it sanitized with its countdown, refreshes the other providers, and cancels it', async () => {
    const { user } = await openModal('qr');
    await user.click(screen.getByTestId('deposit-quick-100'));
    await user.click(screen.getByTestId('deposit-create'));
    const qr = await screen.findByTestId('deposit-qr');
    await waitFor(() => expect(qr.querySelector('svg')).not.toBeNull());
    expect(qr.querySelector('script')).toBeNull();
    expect(qr.querySelector('[onclick]')).toBeNull();
    expect(screen.getByTestId('deposit-countdown').textContent).toMatch(/^(10:00|09:5\d)$/);
    expect(calls.find((c) => c.method === 'POST' && c.path.startsWith('/api/qrcode'))).toMatchObject({ path: '/api/qrcode', body: { amount: 100 } });
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/qrcode/WW').length).toBe(2));
    expect(calls.filter((c) => c.path === '/api/qrcode/E2P').length).toBe(2);

    await user.click(screen.getByTestId('deposit-cancel'));
    await screen.findByTestId('deposit-create');
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ qrcodeId: 'q1' });
  });

  it('makes a KTB member with a Thai name save an English name before copying, then copies', { timeout: 15_000 }, async () => {
    member = { bankCode: 'KTB', bankAccountName: 'สมชาย ใจดี' };
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    // user-event puts its own clipboard on navigator; it is read back below.
    const { user } = await openModal('bank');
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
    const { user } = await openModal('giftLink');
    expect(screen.getByTestId('truelink-submit')).toBeDisabled();
    await user.type(screen.getByTestId('truelink-input'), '   ');
    expect(screen.getByTestId('truelink-submit')).toBeDisabled();
    await user.type(screen.getByTestId('truelink-input'), 'https://gift.truemoney.com/campaign/?v=abc');
    expect(screen.getByTestId('truelink-submit')).toBeEnabled();
  });

  it('confirms a paid QR by itself: the amount, the new balance, and the wallet read again', { timeout: 15_000 }, async () => {
    const { user, onOpenChange } = await openModal('qr');
    await user.click(screen.getByTestId('deposit-quick-100'));
    await user.click(screen.getByTestId('deposit-create'));
    await screen.findByTestId('deposit-qr-active');
    expect(screen.getByTestId('deposit-qr-watching')).toBeInTheDocument();
    const walletReads = () => calls.filter((c) => c.path === '/api/wallet').length;
    const readsBefore = walletReads();

    // The gateway's notice reaches the server: the QR is no longer active, its payment is.
    cash = 100;
    qrStates.KBANK = { ...none, payment: { qrcodeId: 'q1', status: 'SUCCESS', amount: 100, paidAt: new Date().toISOString() } };
    const paid = await screen.findByTestId('deposit-success', {}, { timeout: 4000 });
    expect(paid.dataset.status).toBe('SUCCESS');
    expect(within(paid).getByTestId('deposit-paid-amount')).toHaveTextContent('+฿100.00');
    expect(await within(paid).findByTestId('deposit-paid-balance')).toHaveTextContent('฿100.00');
    expect(walletReads()).toBeGreaterThan(readsBefore);
    // The success stands alone: no gateway tabs, no way back into a paid QR.
    expect(screen.queryByTestId('deposit-back')).toBeNull();
    await user.click(within(paid).getByTestId('deposit-paid-done'));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('says a payment kept for an operator is being checked, not credited', { timeout: 15_000 }, async () => {
    const { user } = await openModal('qr');
    await user.click(screen.getByTestId('deposit-quick-100'));
    await user.click(screen.getByTestId('deposit-create'));
    await screen.findByTestId('deposit-qr-active');
    qrStates.KBANK = { ...none, payment: { qrcodeId: 'q1', status: 'PENDING', amount: 90, paidAt: new Date().toISOString() } };
    const held = await screen.findByTestId('deposit-success', {}, { timeout: 4000 });
    expect(held.dataset.status).toBe('PENDING');
    expect(within(held).getByText(/We received ฿90.00/)).toBeInTheDocument();
    expect(within(held).queryByTestId('deposit-paid-balance')).toBeNull();
  });

  it('never shows another QR’s old payment as this one’s success', async () => {
    qrStates.KBANK = { ...none, payment: { qrcodeId: 'old', status: 'SUCCESS', amount: 500, paidAt: new Date().toISOString() } };
    await openModal('qr');
    expect(await screen.findByTestId('deposit-amount')).toBeInTheDocument();
    expect(screen.queryByTestId('deposit-success')).toBeNull();
  });

  it('says so when the deposit methods cannot be read, and reads them again on retry', async () => {
    const answer = options;
    options = undefined as unknown as typeof options;
    const { user } = await openModal();
    const failed = await screen.findByTestId('deposit-options-failed');
    options = answer;
    await user.click(within(failed).getByTestId('deposit-options-failed-retry'));
    expect(await screen.findByTestId('deposit-methods')).toBeInTheDocument();
  });

  it('shows the one success view when a bank transfer is credited while the sheet is open, not for one credited before', { timeout: 20_000 }, async () => {
    deposits = [bankDeposit('old', 500)];
    await openModal('bank');
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/statement').length).toBeGreaterThan(0));
    expect(screen.queryByTestId('deposit-success')).toBeNull();
    cash = 1200;
    deposits = [bankDeposit('new', 700), bankDeposit('old', 500)];
    const success = await screen.findByTestId('deposit-success', {}, { timeout: 8000 });
    expect(success.dataset.method).toBe('bank');
    expect(within(success).getByTestId('deposit-paid-amount')).toHaveTextContent('+฿700.00');
    expect(await within(success).findByTestId('deposit-paid-balance')).toHaveTextContent('฿1,200.00');
  });
});
