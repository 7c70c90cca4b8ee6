import { describe, expect, it, vi } from 'vitest';
import { figuresOf, walletCardView } from '@/features/wallet/hooks/wallet-card-view';
import { walletFixture } from '@/testing/wallet-fixture';

const fresh = walletFixture({ wallet: { amount: 1500, bonusAmount: 0, hasReceivedBonus: false } });
const stored = walletFixture({ wallet: { amount: 1000, bonusAmount: 0, hasReceivedBonus: false } });
const failure = new Error('INTERNAL_SERVER_ERROR');

describe('walletCardView', () => {
  it('shows the answer once it is in', () => {
    expect(walletCardView({ data: fresh, isPlaceholderData: false, isError: false, error: null }, () => stored)).toEqual({ kind: 'live', data: fresh });
  });

  it('marks the stored copy as updating while the first read runs', () => {
    expect(walletCardView({ data: stored, isPlaceholderData: true, isError: false, error: null }, () => undefined)).toEqual({ kind: 'updating', data: stored });
  });

  it('has no figure while loading with nothing stored', () => {
    const view = walletCardView({ data: undefined, isPlaceholderData: false, isError: false, error: null }, () => stored);
    expect(view).toEqual({ kind: 'loading' });
    expect(figuresOf(view)).toBeUndefined();
  });

  it('keeps the last known figures on a failure: the stored copy, read by the card itself', () => {
    const readStored = vi.fn(() => stored);
    const view = walletCardView({ data: undefined, isPlaceholderData: false, isError: true, error: failure }, readStored);
    expect(view).toEqual({ kind: 'stale', data: stored, error: failure });
    expect(figuresOf(view)?.wallet.amount).toBe(1000);
    expect(readStored).toHaveBeenCalledOnce();
  });

  it('prefers figures of this session over the stored copy when a later read fails', () => {
    expect(walletCardView({ data: fresh, isPlaceholderData: false, isError: true, error: failure }, () => stored)).toEqual({ kind: 'stale', data: fresh, error: failure });
  });

  it('shows no figure at all (never 0) when the read failed and nothing is known', () => {
    const view = walletCardView({ data: undefined, isPlaceholderData: false, isError: true, error: failure }, () => undefined);
    expect(view).toEqual({ kind: 'failed', error: failure });
    expect(figuresOf(view)).toBeUndefined();
  });
});
