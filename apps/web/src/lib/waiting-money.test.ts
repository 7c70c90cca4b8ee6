import type { WaitingItem } from '@mekong/contracts/waiting-money';
import { renderHook } from '@testing-library/react';
import i18n from 'i18next';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { usualWaitText, useWaitingOutcomes } from '@/lib/waiting-money';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const t = i18n.getFixedT('en');

describe('the usual wait, in words (docs/decisions/0025-waiting-money.md)', () => {
  it.each([
    [null, 'Our staff will check it as soon as possible'],
    [0, 'Usually checked within about 1 min'],
    [25 * 60 + 1, 'Usually checked within about 26 min'],
    [90 * 60, 'Usually checked within about 90 min'],
    [3 * 3600 + 60, 'Usually checked within about 4 h'],
  ])('%s s → %s', (seconds, text) => {
    expect(usualWaitText(t, seconds)).toBe(text);
  });
});

describe('each decision is told once (docs/decisions/0025-waiting-money.md)', () => {
  const item = (state: WaitingItem['state']): WaitingItem => ({
    id: 'w1',
    kind: 'payout',
    channel: 'bank',
    amount: 25_000,
    currency: 'THB',
    reference: '7A1A9EBA',
    state,
    createdAt: '2026-11-28T10:00:00.000Z',
    decidedAt: state === 'waiting' ? null : '2026-11-28T10:30:00.000Z',
  });
  const answer = (state: WaitingItem['state']) => ({ items: [item(state)], usualWaitSeconds: { credit: null, payout: 1800 } });

  beforeEach(() => {
    localStorage.clear();
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
  });

  it('says nothing while it waits, tells the payment once, even across a reload', () => {
    const { rerender, unmount } = renderHook(({ data }) => useWaitingOutcomes(data), { initialProps: { data: answer('waiting') } });
    expect(toast.success).not.toHaveBeenCalled();
    rerender({ data: answer('paid') });
    expect(toast.success).toHaveBeenCalledTimes(1);
    expect(vi.mocked(toast.success).mock.calls[0]?.[0]).toBe('Your withdrawal of ฿25,000.00 was paid to your bank account');
    rerender({ data: { ...answer('paid') } });
    unmount();
    renderHook(() => useWaitingOutcomes(answer('paid')));
    expect(toast.success).toHaveBeenCalledTimes(1);
  });

  it('tells a refusal as one', () => {
    renderHook(() => useWaitingOutcomes(answer('refused')));
    expect(toast.error).toHaveBeenCalledWith('Your withdrawal of ฿25,000.00 was refused; the money is back in your wallet', expect.anything());
  });
});
