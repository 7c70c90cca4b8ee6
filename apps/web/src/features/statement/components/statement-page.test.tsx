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
let statementAnswer: (page: number) => Response = () => jsonResponse({ total: 0, statements: [] });

beforeEach(() => {
  storeToken('tok', false);
  pagesAsked = [];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const path = String(input);
    if (path === '/api/wallet') return jsonResponse(walletFixture());
    if (path === '/api/statement') {
      const body = JSON.parse(String(init?.body)) as { page: number; limit: number };
      expect(body.limit).toBe(10);
      pagesAsked.push(body.page);
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

  it('swallows a loading failure: no spinner, no error, the empty state', async () => {
    statementAnswer = () => jsonResponse({ message: 'INTERNAL_SERVER_ERROR' }, 500);
    renderWithProviders(<StatementPage />);
    expect(await screen.findByTestId('statement-empty')).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading…')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
