import { describe, expect, it } from 'vitest';
import { isSameAccount } from '@/modules/slip/account-match.ts';

describe('isSameAccount', () => {
  it('compares full numbers by digits', () => {
    expect(isSameAccount({ accountNo: '123-4-56789-0', maskedAccountNo: '' }, '1234567890')).toBe(
      true,
    );
    expect(isSameAccount({ accountNo: '1234567891', maskedAccountNo: '' }, '1234567890')).toBe(
      false,
    );
  });

  it('compares a masked number digit by digit, with the lengths equal', () => {
    const masked = { accountNo: null, maskedAccountNo: 'xxx-x-x6789-x' };
    expect(isSameAccount(masked, '1234567890')).toBe(true);
    expect(isSameAccount(masked, '1234567990')).toBe(false);
    expect(isSameAccount(masked, '12345678900')).toBe(false);
    // Too little shown to tell.
    expect(isSameAccount({ accountNo: null, maskedAccountNo: 'xxx-x-xxx89-x' }, '1234567890')).toBe(
      false,
    );
  });
});
