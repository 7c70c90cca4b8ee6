import { describe, expect, it } from 'vitest';
import { destinationAfter, NONE, transferFormSchema } from '@/features/wallet/hooks/transfer-form';

function check(from: string, to: string, amount: string, balances?: Record<string, number>) {
  const result = transferFormSchema(balances).safeParse({ from, to, amount });
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return { field: issue.path[0], message: issue.message };
}

describe('transfer rules (docs/spec.md §5)', () => {
  it('needs both accounts chosen', () => {
    expect(check('', '', '100')).toEqual({ field: 'root', message: 'transfer.selectAccount' });
    expect(check('wallet', '', '100')).toEqual({ field: 'root', message: 'transfer.selectAccount' });
    expect(check('', 'PG', '100')).toEqual({ field: 'root', message: 'transfer.selectAccount' });
  });

  it('refuses the same account on both sides', () => {
    expect(check('wallet', 'wallet', '100')).toEqual({ field: 'root', message: 'transfer.sameAccount' });
    expect(check('PG', 'PG', '100')).toEqual({ field: 'root', message: 'transfer.sameAccount' });
  });

  it('blocks a transfer to a game with an amount of 0 or less', () => {
    expect(check('wallet', 'PG', '0')).toEqual({ field: 'amount', message: 'TRANSFER_MINIMUM' });
    expect(check('wallet', 'PG', '')).toEqual({ field: 'amount', message: 'TRANSFER_MINIMUM' });
    expect(check('wallet', 'PG', '-5')).toEqual({ field: 'amount', message: 'TRANSFER_MINIMUM' });
  });

  it('needs at least 1 baht', () => {
    expect(check('wallet', 'PG', '0.99')).toEqual({ field: 'amount', message: 'transfer.minimum' });
    expect(check('PG', 'wallet', '0')).toEqual({ field: 'amount', message: 'transfer.minimum' });
    expect(check('PG', 'wallet', '0.5')).toEqual({ field: 'amount', message: 'transfer.minimum' });
    expect(check('PG', 'wallet', '1')).toBeNull();
    expect(check('wallet', 'PG', '1.00')).toBeNull();
  });

  it('accepts game to game and separators; the contract schema refuses more than 2 decimals and too large', () => {
    expect(check('PG', 'JOKER', '1,250.50')).toBeNull();
    expect(check('wallet', 'PG', '10.123')).toEqual({ field: 'amount', message: 'INVALID_AMOUNT' });
    expect(check('wallet', 'PG', '100000001')).toEqual({ field: 'amount', message: 'AMOUNT_TOO_LARGE' });
  });

  it('checks the rules in the spec order', () => {
    expect(check('PG', 'PG', '0')).toEqual({ field: 'root', message: 'transfer.sameAccount' });
    expect(check('', 'PG', '0')).toEqual({ field: 'root', message: 'transfer.selectAccount' });
  });

  it('gives the call body with a number amount', () => {
    expect(transferFormSchema().parse({ from: 'wallet', to: 'PG', amount: '1,000' })).toEqual({ from: 'wallet', to: 'PG', amount: 1000 });
  });

  it('refuses more than the source holds before sending, when its balance is known', () => {
    const balances = { wallet: 250.5, PG: 40 };
    expect(check('wallet', 'PG', '250.51', balances)).toEqual({ field: 'amount', message: 'MONEY_NOT_ENOUGH' });
    expect(check('wallet', 'PG', '250.50', balances)).toBeNull();
    expect(check('PG', 'wallet', '41', balances)).toEqual({ field: 'amount', message: 'MONEY_NOT_ENOUGH' });
    expect(check('PG', 'wallet', '40', balances)).toBeNull();
    // Unknown source balance: the server decides.
    expect(check('JOKER', 'wallet', '5000', balances)).toBeNull();
  });

  it('keeps the spec messages ahead of the balance check', () => {
    const balances = { wallet: 0 };
    expect(check('wallet', 'PG', '0', balances)).toEqual({ field: 'amount', message: 'TRANSFER_MINIMUM' });
    expect(check('PG', 'wallet', '0.5', { PG: 0 })).toEqual({ field: 'amount', message: 'transfer.minimum' });
  });
});

describe('destination after the source changes', () => {
  it('swaps when the new source was the destination', () => {
    expect(destinationAfter('wallet', 'PG', 'PG')).toBe('wallet');
    expect(destinationAfter(NONE, 'PG', 'PG')).toBe(NONE);
  });

  it('keeps any other destination', () => {
    expect(destinationAfter('wallet', 'PG', 'JOKER')).toBe('JOKER');
    expect(destinationAfter('wallet', NONE, NONE)).toBe(NONE);
    expect(destinationAfter('wallet', 'PG', NONE)).toBe(NONE);
  });
});
