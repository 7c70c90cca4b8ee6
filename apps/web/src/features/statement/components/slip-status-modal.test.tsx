import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SlipStatusModal } from '@/features/statement/components/slip-status-modal';
import { storeToken } from '@/lib/session';
import { jsonResponse, renderWithProviders } from '@/testing/render';

const fetchMock = vi.fn<typeof fetch>();
const slip = (i: number, over: Record<string, unknown> = {}) => ({
  _id: `s${i}`,
  createdAt: '2025-01-02T03:04:05.000Z',
  amount: 0,
  status: 'FAILED',
  note: 'REFERENCE_DUPLICATED',
  link: null,
  reference: `REF${i}`,
  ...over,
});
let bodies: unknown[] = [];

beforeEach(() => {
  storeToken('tok', false);
  bodies = [];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const path = String(input);
    if (path === '/api/statement/slip') {
      const body = JSON.parse(String(init?.body)) as { page: number };
      bodies.push(body);
      if (body.page === 2) return jsonResponse({ total: 11, slips: [slip(11, { status: 'PENDING', note: null })] });
      return jsonResponse({
        total: 11,
        slips: [slip(1), slip(2, { amount: 1500, status: 'SUCCESS', note: null, link: 'https://slips.example/2' }), ...Array.from({ length: 8 }, (_, i) => slip(i + 3, { note: 'CROPPED_IMAGE_UNREADABLE' }))],
      });
    }
    if (path === '/api/statement/slip/reference/REF1') return jsonResponse({ url: 'https://slips.example/REF1' });
    return jsonResponse({ message: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

describe('SlipStatusModal', () => {
  it('lists slips 10 a page with date, "-" or 2-decimal amount, translated status and reason, and view links', async () => {
    const user = userEvent.setup();
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.fn(() => tab as unknown as Window);
    vi.stubGlobal('open', open);
    renderWithProviders(<SlipStatusModal isOpen onOpenChange={() => {}} />);
    const modal = await screen.findByTestId('slip-status-modal');
    const rows = await within(modal).findAllByTestId('slip-row');
    expect(rows).toHaveLength(10);
    expect(bodies[0]).toEqual({ page: 1, limit: 10 });

    const first = rows[0]!;
    expect(within(first).getByTestId('slip-date')).toHaveTextContent('02/01/2025 10:04:05');
    expect(within(first).getByTestId('slip-amount')).toHaveTextContent('-');
    expect(within(first).getByTestId('slip-status')).toHaveTextContent('Failed');
    expect(within(first).getByTestId('slip-reason')).toHaveTextContent('This slip was already used');
    expect(within(rows[2]!).getByTestId('slip-reason')).toHaveTextContent('Incorrect slip');

    const second = rows[1]!;
    expect(within(second).getByTestId('slip-amount')).toHaveTextContent('1,500.00');
    expect(within(second).getByTestId('slip-status')).toHaveTextContent('Success');
    expect(within(second).getByTestId('slip-view')).toHaveAttribute('href', 'https://slips.example/2');

    await user.click(within(first).getByTestId('slip-view'));
    await waitFor(() => expect(tab.location.href).toBe('https://slips.example/REF1'));
    expect(open).toHaveBeenCalledWith('', '_blank');

    await user.click(within(modal).getByTestId('slip-page-2'));
    await waitFor(() => expect(within(modal).getAllByTestId('slip-row')).toHaveLength(1));
    expect(within(modal).getByTestId('slip-status')).toHaveTextContent('In progress');

    const before = bodies.length;
    await user.click(within(modal).getByTestId('slip-refresh'));
    await waitFor(() => expect(bodies.length).toBe(before + 1));
  });

  it('says a failed load failed, never "no slips", and loads again on retry', async () => {
    let isDown = true;
    fetchMock.mockImplementation(async () => (isDown ? jsonResponse({ message: 'INTERNAL_SERVER_ERROR' }, 500) : jsonResponse({ total: 1, slips: [slip(1)] })));
    const user = userEvent.setup();
    renderWithProviders(<SlipStatusModal isOpen onOpenChange={() => {}} />);
    expect(await screen.findByTestId('slip-failed')).toBeInTheDocument();
    expect(screen.queryByTestId('slip-empty')).toBeNull();
    isDown = false;
    await user.click(screen.getByTestId('slip-failed-retry'));
    expect(await screen.findAllByTestId('slip-row')).toHaveLength(1);
  });
});
