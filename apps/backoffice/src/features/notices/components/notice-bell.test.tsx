import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notice } from '@mekong/contracts/admin/notices';
import type * as ApiClient from '@/lib/api-client';
import { NoticeBell } from '@/features/notices/components/notice-bell';
import { setupI18n } from '@/lib/i18n';
import { setToken } from '@/lib/session';
import en from '@/locales/en.json';
import la from '@/locales/la.json';
import th from '@/locales/th.json';

const mocks = vi.hoisted(() => ({ adminFetch: vi.fn() }));
vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  adminFetch: mocks.adminFetch,
}));

setupI18n(
  {
    common: { en: en.common, th: th.common, la: la.common },
    notices: { en: en.notices, th: th.notices, la: la.notices },
  },
  'en',
);
afterEach(() => {
  cleanup();
  mocks.adminFetch.mockReset();
});

const at = '2026-11-02T03:00:00.000Z';
const notice = (id: string, kind: Notice['kind'], params: Notice['params']): Notice => ({
  id,
  kind,
  params,
  createdAt: at,
  readAt: null,
});
/** One of every kind, with the params their senders give (docs/back-office/notices.md). */
const EVERY_KIND: Notice[] = [
  notice('n1', 'adjustments.nearLine', {
    operator: 'finance-1',
    totalMinor: 4_000_000,
    lineMinor: 5_000_000,
    currency: 'THB',
  }),
  notice('n2', 'setting.pending', {
    subject: 'withdrawLimits',
    requestedBy: 'finance-1',
    effectiveAt: '2026-11-02T04:00:00.000Z',
  }),
  notice('n3', 'setting.applied', { subject: 'approvals', confirmedBy: 'owner-2' }),
  notice('n4', 'setting.cancelled', {
    subject: 'operatorAccount',
    cancelledBy: null,
    refusal: 'SETTING_ALLOWLIST_INVALID',
  }),
  notice('n5', 'operator.ownerCreated', {
    username: 'owner-3',
    createdBy: 'owner-1',
    status: 'pending',
  }),
];

function renderBell() {
  setToken('test-token');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <NoticeBell /> }]);
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the notices bell', () => {
  it('shows the unread count, lists a sentence per kind with amounts in baht, and marks them read on opening', async () => {
    let unread = EVERY_KIND.length;
    mocks.adminFetch.mockImplementation(async (contract: { method: string; path: string }) => {
      if (contract.method === 'POST') {
        unread = 0;
        return { message: 'OK' };
      }
      return { rows: EVERY_KIND, unread };
    });
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notices: 5 unread' });
    expect(within(bell).getByText('5')).toBeTruthy();

    fireEvent.click(bell);
    const list = await screen.findByTestId('notice-list');
    const texts = within(list)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('p')?.textContent);
    expect(texts).toEqual([
      'finance-1 has adjusted ฿40,000.00 alone today, near the second-approval line of ฿50,000.00. Past it, their adjustments wait for another operator.',
      expect.stringMatching(
        /^finance-1 asked to change the daily withdrawal limits\. It waits for a second operator\. Without one it takes effect on .+, unless an owner cancels it\.$/,
      ),
      'The change of the approval limits took effect, confirmed by owner-2.',
      expect.stringMatching(/^The change of a deposit account was cancelled\. Reason: .+/),
      'owner-1 asked to make owner-3 an owner. It waits for another owner to confirm.',
    ]);
    expect(within(list).getAllByText('New')).toHaveLength(5);
    await waitFor(() =>
      expect(mocks.adminFetch).toHaveBeenCalledWith(
        expect.objectContaining({ method: 'POST', path: '/api/admin/notices/read' }),
      ),
    );
    // The panel stays as it was opened (the new ones marked); the bell behind it counts none unread now.
    await screen.findByRole('button', { name: 'Notices: 0 unread', hidden: true });
  });
});
