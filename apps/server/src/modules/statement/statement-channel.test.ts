import { describe, expect, it } from 'vitest';
import { STATEMENT_FILTER_TYPES, STATEMENT_FILTERS } from '@mekong/contracts/statement';
import type { LedgerTransferKind } from '@/db/schema.ts';
import { accountSuffix, channelFacts, NO_CONTEXT } from '@/modules/statement/statement-channel.ts';
import {
  FILTER_MATCH,
  KINDS_NOT_IN_STATEMENT,
  statementType,
  type StatementAccount,
  type StatementTransfer,
} from '@/modules/statement/statement-mapping.ts';

const member = 'm-1';
const cash: StatementAccount = { memberId: member, kind: 'cash', provider: null };
const bankIn: StatementAccount = { memberId: null, kind: 'bank_in', provider: null };
const bankOut: StatementAccount = { memberId: null, kind: 'bank_out', provider: null };

function deposit(metadata: Record<string, unknown> | null): StatementTransfer {
  return {
    id: 't-1',
    kind: 'deposit',
    status: 'posted',
    amountMinor: 100_00n,
    createdAt: new Date('2026-11-02T03:00:00.000Z'),
    metadata,
    debit: bankIn,
    credit: cash,
  };
}

const context = {
  bankCodeOf: (code: string) => ({ '014': 'SCB', '004': 'KBANK' })[code] ?? code,
  payoutOf: (id: string) =>
    id === 'w-1' ? { bankCode: 'KTB', accountNo: '123-4-56789-0' } : undefined,
};

describe('the channel of a statement row (issue 9)', () => {
  it('names a QR deposit by its provider and reference', () => {
    const meta = { channel: 'qr', provider: 'KBANK', reference: 'QABC', transactionId: 'x' };
    expect(channelFacts(deposit(meta), context)).toEqual({
      channel: 'qr',
      provider: 'KBANK',
      reference: 'QABC',
      accountSuffix: null,
    });
  });

  it('names a bank-feed deposit by the sending bank (a clearing code turned into its code), reference and the account’s last 4 digits only', () => {
    const meta = {
      channel: 'bank',
      bankReference: 'BR-9',
      fromBankCode: '014',
      fromAccountNo: '111-2-33334-5',
    };
    expect(channelFacts(deposit(meta), context)).toEqual({
      channel: 'bank',
      provider: 'SCB',
      reference: 'BR-9',
      accountSuffix: '3345',
    });
    expect(channelFacts(deposit({ ...meta, fromBankCode: 'BBL' }), context).provider).toBe('BBL');
  });

  it('names a slip by the sending bank and its transaction reference', () => {
    const meta = { channel: 'slip', sendingBank: '004', transRef: 'TR1', slipId: 's' };
    expect(channelFacts(deposit(meta), context)).toEqual({
      channel: 'slip',
      provider: 'KBANK',
      reference: 'TR1',
      accountSuffix: null,
    });
  });

  it('never shows a gift voucher’s hash; a manual notice and an unknown deposit say what they can', () => {
    expect(channelFacts(deposit({ channel: 'truemoney', voucherId: 'v' }), context)).toEqual({
      channel: 'truemoney',
      provider: null,
      reference: null,
      accountSuffix: null,
    });
    expect(channelFacts(deposit({ channel: 'manual', noticeId: 'n' }), context).channel).toBe(
      'manual',
    );
    expect(channelFacts(deposit(null), context).channel).toBeNull();
    expect(channelFacts(deposit({ channel: 'qr', provider: 7 }), context).provider).toBeNull();
  });

  it('names a withdrawal by the payout account it was sent to', () => {
    const withdraw: StatementTransfer = {
      ...deposit({ withdrawalId: 'w' }),
      id: 'w-1',
      kind: 'withdraw',
      debit: cash,
      credit: bankOut,
    };
    expect(channelFacts(withdraw, context)).toEqual({
      channel: 'bank',
      provider: 'KTB',
      reference: null,
      accountSuffix: '7890',
    });
    expect(channelFacts({ ...withdraw, id: 'w-2' }, NO_CONTEXT)).toMatchObject({
      channel: 'bank',
      provider: null,
    });
  });

  it('keeps only the last 4 digits of an account number', () => {
    expect(accountSuffix('123-456-7890')).toBe('7890');
    expect(accountSuffix('12')).toBeNull();
    expect(accountSuffix(undefined)).toBeNull();
  });
});

describe('the type filter picks exactly the rows of its types', () => {
  const kinds: LedgerTransferKind[] = [
    'deposit',
    'withdraw',
    'game_in',
    'game_out',
    'game_result',
    'bonus',
    'finish_bonus',
    'bonus_forfeit',
    'refund',
    'invite',
    'prize',
    'adjustment',
  ];
  const house: StatementAccount = { memberId: null, kind: 'adjustment', provider: null };

  it.each(STATEMENT_FILTERS)('%s', (filter) => {
    const match = FILTER_MATCH[filter];
    for (const kind of kinds.filter((k) => !KINDS_NOT_IN_STATEMENT.includes(k))) {
      for (const isIn of [true, false]) {
        const transfer = {
          ...deposit(null),
          kind,
          debit: isIn ? house : cash,
          credit: isIn ? cash : house,
        };
        const isPicked =
          match.kinds.includes(kind) ||
          (isIn && (match.creditedKinds ?? []).includes(kind)) ||
          (!isIn && (match.debitedKinds ?? []).includes(kind));
        expect(isPicked, `${kind} ${isIn ? 'in' : 'out'}`).toBe(
          STATEMENT_FILTER_TYPES[filter].includes(statementType(transfer)),
        );
      }
    }
  });
});
