import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditVerifyResponse } from '@mekong/contracts/admin/audit';
import { useChainCheck } from '@/features/audit/components/chain-check';
import { setupI18n } from '@/lib/i18n';
import en from '@/locales/en.json';
import la from '@/locales/la.json';
import th from '@/locales/th.json';

const mocks = vi.hoisted(() => ({ adminFetch: vi.fn() }));
vi.mock('@/lib/api-client', () => ({ adminFetch: mocks.adminFetch }));

setupI18n(
  {
    common: { en: en.common, th: th.common, la: la.common },
    audit: { en: en.audit, th: th.audit, la: la.audit },
  },
  'en',
);

afterEach(cleanup);

function Check() {
  const { button, notice } = useChainCheck();
  return (
    <>
      {button}
      {notice}
    </>
  );
}

async function verdictShown(answer: AuditVerifyResponse) {
  mocks.adminFetch.mockResolvedValue(answer);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Check />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: /Verify the chain/ }));
  return screen.findByTestId('audit-verdict');
}

describe('the audit chain verdict (issue 27 item 1)', () => {
  it('lists every broken record with what is wrong with it, and the anchor it was compared with', async () => {
    const verdict = await verdictShown({
      isIntact: false,
      records: 40,
      problem: 'record 2 was changed after it was written',
      atSeq: 2,
      broken: [
        { seq: 2, kind: 'changed' },
        { seq: 4, kind: 'changed' },
        { seq: 30, kind: 'anchor' },
      ],
      brokenTotal: 3,
      anchor: { seq: 30, at: '2026-11-28T16:40:00.000Z' },
    });
    expect(verdict).toHaveTextContent('Chain BROKEN: 3 broken records of 40.');
    expect(verdict).toHaveTextContent('anchored outside the database at record 30');
    const items = within(screen.getByTestId('audit-broken')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Record 2: changed after it was written',
      'Record 4: changed after it was written',
      'Record 30: differs from the head anchored outside the database',
    ]);
  });

  it('says the chain is intact, and when no head is anchored yet', async () => {
    const verdict = await verdictShown({
      isIntact: true,
      records: 12,
      problem: null,
      atSeq: null,
      broken: [],
      brokenTotal: 0,
      anchor: null,
    });
    expect(verdict).toHaveTextContent('Chain intact: 12 records checked.');
    expect(verdict).toHaveTextContent('No head anchored outside the database yet');
    expect(screen.queryByTestId('audit-broken')).toBeNull();
  });
});
