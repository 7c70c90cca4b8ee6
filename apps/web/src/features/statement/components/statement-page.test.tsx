import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StatementPage } from '@/features/statement/components/statement-page';
import { storeToken } from '@/lib/session';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { walletFixture } from '@/testing/wallet-fixture';

const fetchMock = vi.fn<typeof fetch>();
const entry = (i: number, statementType: string, status: string, amount: number, from = 'wallet', to = 'PG') => ({
  _id: `e${i}`,
  statementType,
  from,
  to,
  amount,
  status,
  createdAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
  description: null,
});

let pagesAsked: number[] = [];
let bodiesAsked: { page: number; limit: number; type?: string }[] = [];
let statementAnswer: (page: number) => Response = () => jsonResponse({ total: 0, statements: [] });

beforeEach(() => {
  storeToken('tok', false);
  pagesAsked = [];
  bodiesAsked = [];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const path = String(input);
    if (path === '/api/wallet') return jsonResponse(walletFixture());
    if (path === '/api/lookup/banks')
      return jsonResponse([
        { code: 'SCB', nameTH: 'ธนาคารไทยพาณิชย์', nameEN: 'Siam Commercial Bank', country: 'TH', isEnglishNameRequired: false },
        { code: 'KBANK', nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank', country: 'TH', isEnglishNameRequired: false },
      ]);
    if (path === '/api/statement') {
      const body = JSON.parse(String(init?.body)) as { page: number; limit: number; type?: string };
      expect(body.limit).toBe(10);
      pagesAsked.push(body.page);
      bodiesAsked.push(body);
      return statementAnswer(body.page);
    }
    return jsonResponse({ message: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('scrollTo', () => {});
});

afterEach(() => vi.unstubAllGlobals());

describe('StatementPage', () => {
  it('shows each entry with its activity, signed amount, status and time-ago', async () => {
    statementAnswer = () =>
      jsonResponse({
        total: 4,
        statements: [
          entry(1, 'deposit', 'SUCCESS', 500, 'bank', 'wallet'),
          entry(2, 'withdraw', 'PENDING', 200, 'wallet', 'bank'),
          entry(3, 'transfer', 'FAILED', 50.5, 'wallet', 'PG'),
          entry(4, 'bonus', 'SUCCESS', 20, 'bonus', 'bonus_wallet'),
        ],
      });
    renderWithProviders(<StatementPage />);
    const rows = await screen.findAllByTestId('statement-row');
    expect(rows).toHaveLength(4);
    const [deposit, withdraw, transfer, bonus] = rows.map((row) => within(row));
    expect(deposit!.getByTestId('statement-amount')).toHaveTextContent('+฿500.00');
    expect(deposit!.getByTestId('statement-status')).toHaveTextContent('Success');
    expect(deposit!.getByText('Bank account → Wallet')).toBeInTheDocument();
    expect(withdraw!.getByTestId('statement-amount')).toHaveTextContent('-฿200.00');
    expect(withdraw!.getByTestId('statement-status')).toHaveTextContent('In progress');
    expect(transfer!.getByTestId('statement-amount')).toHaveTextContent(/^฿50\.50$/);
    expect(transfer!.getByTestId('statement-status')).toHaveTextContent('Failed');
    await waitFor(() => expect(transfer!.getByText('Wallet → PG Game')).toBeInTheDocument());
    expect(bonus!.getByTestId('statement-amount')).toHaveTextContent('+฿20.00');
    expect(bonus!.getByTestId('statement-ago')).toHaveTextContent('2 hours ago');
    expect(bonus!.getByTestId('statement-date')).toHaveTextContent(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(screen.queryByTestId('statement-pagination')).not.toBeInTheDocument();
  });

  it('pages by 10 and shows 3 pages before and 1 after the current one', async () => {
    statementAnswer = (page) => jsonResponse({ total: 95, statements: [entry(page, 'transfer', 'SUCCESS', page)] });
    const user = userEvent.setup();
    renderWithProviders(<StatementPage />);
    const nav = await screen.findByTestId('statement-pagination');
    expect(within(nav).getAllByTestId(/^statement-page-\d+$/).map((b) => b.textContent)).toEqual(['1', '2']);
    await user.click(within(nav).getByTestId('statement-page-2'));
    await user.click(within(nav).getByTestId('statement-page-3'));
    await user.click(within(nav).getByTestId('statement-page-4'));
    await user.click(within(nav).getByTestId('statement-page-5'));
    await waitFor(() => expect(within(nav).getByTestId('statement-page-5')).toHaveAttribute('aria-current', 'page'));
    expect(within(nav).getAllByTestId(/^statement-page-\d+$/).map((b) => b.textContent)).toEqual(['2', '3', '4', '5', '6']);
    await user.click(within(nav).getByTestId('statement-page-next'));
    await waitFor(() => expect(pagesAsked).toContain(6));
  });

  it('says a failed load failed, with a retry, and never shows it as "no transactions yet"', async () => {
    let isDown = true;
    statementAnswer = () => (isDown ? jsonResponse({ message: 'INTERNAL_SERVER_ERROR' }, 500) : jsonResponse({ total: 1, statements: [entry(1, 'deposit', 'SUCCESS', 500, 'bank', 'wallet')] }));
    const user = userEvent.setup();
    renderWithProviders(<StatementPage />);
    expect(screen.getByTestId('statement-loading')).toBeInTheDocument();
    const failed = await screen.findByTestId('statement-failed');
    expect(failed).toHaveAttribute('role', 'alert');
    expect(failed).toHaveTextContent('We could not load your statement.');
    expect(screen.queryByTestId('statement-empty')).not.toBeInTheDocument();
    isDown = false;
    await user.click(within(failed).getByTestId('statement-failed-retry'));
    expect(await screen.findAllByTestId('statement-row')).toHaveLength(1);
    expect(screen.queryByTestId('statement-failed')).not.toBeInTheDocument();
  });

  it('groups rows under their day in Bangkok time: today, yesterday, then the weekday with the date', async () => {
    const at = (iso: string, i: number) => ({ ...entry(i, 'transfer', 'SUCCESS', i), createdAt: iso });
    const now = Date.now();
    const bangkokDay = (offsetDays: number) => new Date(now + 7 * 3600_000 - offsetDays * 86_400_000).toISOString().slice(0, 10);
    statementAnswer = () =>
      jsonResponse({
        total: 4,
        statements: [
          at(new Date(now - 60_000).toISOString(), 1),
          // 00:30 and 23:30 in Bangkok yesterday: one day, though 17:30 and 16:30 UTC the day before.
          at(`${bangkokDay(1)}T23:30:00+07:00`, 2),
          at(`${bangkokDay(1)}T00:30:00+07:00`, 3),
          at(`${bangkokDay(3)}T12:00:00+07:00`, 4),
        ],
      });
    renderWithProviders(<StatementPage />);
    const days = await screen.findAllByTestId('statement-day');
    expect(days.map((day) => within(day).getAllByTestId('statement-row').length)).toEqual([1, 2, 1]);
    expect(days.map((day) => within(day).getByTestId('statement-day-name').textContent)).toEqual([
      'Today',
      'Yesterday',
      expect.stringMatching(/^(Sun|Mon|Tues|Wednes|Thurs|Fri|Satur)day$/),
    ]);
    const [y, m, d] = bangkokDay(3).split('-');
    expect(days[2]).toHaveTextContent(`${d}/${m}/${y}`);
  });

  it('shows each deposit’s real channel and reference, and a transfer’s game', async () => {
    statementAnswer = () =>
      jsonResponse({
        total: 4,
        statements: [
          { ...entry(1, 'deposit', 'SUCCESS', 100, 'bank', 'wallet'), channel: 'qr', provider: 'KBANK', reference: 'QREF123', accountSuffix: null },
          { ...entry(2, 'deposit', 'SUCCESS', 1500, 'bank', 'wallet'), channel: 'bank', provider: 'SCB', reference: 'BANK9', accountSuffix: '7890' },
          { ...entry(3, 'deposit', 'SUCCESS', 50, 'bank', 'wallet'), channel: 'truemoney', provider: null, reference: null, accountSuffix: null },
          { ...entry(4, 'transfer', 'SUCCESS', 20, 'wallet', 'PG'), channel: 'game', provider: 'PG', reference: null, accountSuffix: null },
        ],
      });
    renderWithProviders(<StatementPage />);
    const rows = await screen.findAllByTestId('statement-row');
    const channels = rows.map((row) => within(row).queryByTestId('statement-channel')?.textContent);
    expect(channels.slice(0, 3)).toEqual(['QR payment · KBANK', 'Bank transfer · SCB\u00a0···7890', 'TrueMoney gift link']);
    await waitFor(() => expect(within(rows[3]!).getByTestId('statement-channel')).toHaveTextContent('Wallet → PG Game'));
    expect(within(rows[0]!).getByTestId('statement-reference')).toHaveTextContent('Ref. QREF123');
    expect(within(rows[2]!).queryByTestId('statement-reference')).not.toBeInTheDocument();
  });

  it('opens a row’s receipt in a sheet: amount, status, channel, bank in the member’s language, reference, sides, date and id', async () => {
    statementAnswer = () =>
      jsonResponse({
        total: 1,
        statements: [{ ...entry(7, 'deposit', 'PENDING', 1500, 'bank', 'wallet'), channel: 'bank', provider: 'SCB', reference: 'BANK9', accountSuffix: '7890' }],
      });
    const user = userEvent.setup();
    renderWithProviders(<StatementPage />);
    await user.click(await screen.findByTestId('statement-open'));
    const sheet = await screen.findByTestId('statement-detail');
    expect(within(sheet).getByTestId('receipt-amount')).toHaveTextContent('+฿1,500.00');
    expect(within(sheet).getByTestId('receipt-status')).toHaveTextContent('In progress');
    expect(within(sheet).getByTestId('receipt-note')).toHaveTextContent('not a proof of payment');
    expect(within(sheet).getByTestId('receipt-channel-value')).toHaveTextContent('Bank transfer');
    // The bank in the member's language, once the banks lookup is in; only the end of the account number.
    await waitFor(() => expect(within(sheet).getByTestId('receipt-from-value')).toHaveTextContent('Siam Commercial Bank ···7890'));
    expect(within(sheet).getByTestId('receipt-reference-value')).toHaveTextContent('BANK9');
    expect(within(sheet).getByTestId('receipt-to-value')).toHaveTextContent('Wallet');
    expect(within(sheet).getByTestId('receipt-dateTime-value')).toHaveTextContent(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(within(sheet).getByTestId('receipt-id-value')).toHaveTextContent('e7');
    expect(within(sheet).getByTestId('receipt-save')).toBeEnabled();
    // jsdom has no share sheet: no share button rather than one that fails.
    expect(within(sheet).queryByTestId('receipt-share')).not.toBeInTheDocument();
  });

  it('filters by type on the server, from page 1, and says so when a type has nothing', async () => {
    statementAnswer = () => jsonResponse({ total: 25, statements: [entry(1, 'deposit', 'SUCCESS', 5, 'bank', 'wallet')] });
    const user = userEvent.setup();
    renderWithProviders(<StatementPage />);
    await user.click(await screen.findByTestId('statement-page-2'));
    await waitFor(() => expect(pagesAsked).toContain(2));
    statementAnswer = () => jsonResponse({ total: 0, statements: [] });
    await user.click(screen.getByTestId('statement-filter-withdraw'));
    expect(screen.getByTestId('statement-filter-withdraw')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('statement-filter-all')).toHaveAttribute('aria-pressed', 'false');
    const empty = await screen.findByTestId('statement-empty');
    expect(empty).toHaveTextContent('No withdrawals yet');
    expect(bodiesAsked.at(-1)).toEqual({ page: 1, limit: 10, type: 'withdraw' });
    await user.click(within(empty).getByTestId('statement-show-all'));
    expect(await screen.findAllByTestId('statement-row')).toHaveLength(1);
    expect(screen.getByTestId('statement-filter-all')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('statement-page-1')).toHaveAttribute('aria-current', 'page');
    expect(bodiesAsked.every((body) => !('type' in body) || body.type === 'withdraw')).toBe(true);
  });
});
