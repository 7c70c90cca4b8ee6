import { describe, expect, it } from 'vitest';
import { toDomainRow } from '@/db/domain-row.ts';

describe('toDomainRow', () => {
  it('spells names in camelCase and reads the amount as minor units', () => {
    const row = {
      id: 'a',
      member_id: 'm',
      from_bank_code: 'KBANK',
      amount: '9007199254740993',
      hold_reason: null,
    };
    const domain = toDomainRow(row);
    expect(domain).toEqual({
      id: 'a',
      memberId: 'm',
      fromBankCode: 'KBANK',
      amountMinor: 9007199254740993n,
      holdReason: null,
    });
    const typed: { memberId: string; amountMinor: bigint } = domain;
    expect(typed.amountMinor).toBe(9007199254740993n);
  });
});
