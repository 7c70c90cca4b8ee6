import { describe, expect, it } from 'vitest';
import type { LedgerTransferKind } from '@/db/schema.ts';
import {
  accountName,
  toStatementEntry,
  type StatementAccount,
  type StatementTransfer,
} from '@/modules/statement/statement-mapping.ts';

const member = 'm-1';
const cash: StatementAccount = { memberId: member, kind: 'cash', provider: null };
const bonusWallet: StatementAccount = { memberId: member, kind: 'bonus', provider: null };
const pg: StatementAccount = { memberId: member, kind: 'game', provider: 'PG' };
const house = (kind: string, provider: string | null = null): StatementAccount => ({
  memberId: null,
  kind,
  provider,
});

function transfer(
  kind: LedgerTransferKind,
  debit: StatementAccount,
  credit: StatementAccount,
  overrides: Partial<StatementTransfer> = {},
): StatementTransfer {
  return {
    id: 't-1',
    kind,
    status: 'posted',
    amountMinor: 1_234_56n,
    createdAt: new Date('2026-11-02T03:00:00.000Z'),
    metadata: null,
    debit,
    credit,
    ...overrides,
  };
}

describe('statement rows from ledger transfers', () => {
  it.each([
    ['deposit', house('bank_in'), cash, 'deposit', 'bank', 'wallet', null, null],
    ['withdraw', cash, house('bank_out'), 'withdraw', 'wallet', 'bank', null, 'bank'],
    ['game_in', cash, pg, 'transfer', 'wallet', 'PG', null, 'game'],
    ['game_out', pg, cash, 'transfer', 'PG', 'wallet', null, 'game'],
    ['bonus', house('bonus'), bonusWallet, 'bonus', 'bonus', 'bonus_wallet', null, 'bonus'],
    ['finish_bonus', bonusWallet, cash, 'finish_bonus', 'bonus_wallet', 'wallet', null, 'bonus'],
    [
      'bonus_forfeit',
      bonusWallet,
      house('bonus'),
      'finish_bonus',
      'bonus_wallet',
      'bonus',
      'bonus_forfeit',
      'bonus',
    ],
    ['refund', house('refund'), cash, 'bonus', 'refund', 'wallet', 'refund', 'bonus'],
    ['invite', house('invite'), cash, 'bonus', 'invite', 'wallet', 'invite', 'bonus'],
    ['prize', house('prize'), cash, 'bonus', 'prize', 'wallet', 'luckydraw', 'bonus'],
    [
      'adjustment',
      house('adjustment'),
      cash,
      'deposit',
      'adjustment',
      'wallet',
      'adjustment',
      'adjustment',
    ],
    [
      'adjustment',
      cash,
      house('adjustment'),
      'withdraw',
      'wallet',
      'adjustment',
      'adjustment',
      'adjustment',
    ],
  ] as const)('%s %o → %s', (kind, debit, credit, type, from, to, description, channel) => {
    expect(toStatementEntry(transfer(kind, debit, credit))).toEqual({
      _id: 't-1',
      statementType: type,
      from,
      to,
      amount: 1_234.56,
      status: 'SUCCESS',
      createdAt: '2026-11-02T03:00:00.000Z',
      description,
      localizedDescription: null,
      channel,
      provider: kind.startsWith('game_') ? 'PG' : null,
      reference: null,
      accountSuffix: null,
      ...(kind === 'finish_bonus' ? { forfeitReason: null } : {}),
    });
  });

  it('says why a forfeit took the money, as its transfer records it (issue 28)', () => {
    const reasonOf = (reason: unknown) =>
      toStatementEntry(transfer('finish_bonus', cash, house('bonus'), { metadata: { reason } }))
        .forfeitReason;
    expect(['cancelled', 'expired', 'lost', 'completed'].map(reasonOf)).toEqual([
      'cancelled',
      'expired',
      'lost',
      'completed',
    ]);
    expect(reasonOf('other')).toBeNull();
    expect(reasonOf(undefined)).toBeNull();
  });

  it('maps pending, posted and voided to PENDING, SUCCESS and FAILED', () => {
    const w = (status: StatementTransfer['status']) =>
      toStatementEntry(transfer('withdraw', cash, house('bank_out'), { status })).status;
    expect([w('pending'), w('posted'), w('voided')]).toEqual(['PENDING', 'SUCCESS', 'FAILED']);
  });

  it('uses a description the transfer carries', () => {
    const entry = toStatementEntry(
      transfer('bonus', house('bonus'), bonusWallet, { metadata: { description: 'WELCOME100' } }),
    );
    expect(entry.description).toBe('WELCOME100');
    expect(entry.localizedDescription).toBeNull();
  });

  it('answers the names a bonus credit or forfeit carries in every language; a partial set is not answered', () => {
    const names = { th: 'โบนัสฝากแรก', la: 'ໂບນັດຝາກທຳອິດ', en: 'First deposit bonus' };
    const entry = toStatementEntry(
      transfer('finish_bonus', bonusWallet, house('bonus'), {
        metadata: { description: names.th, names },
      }),
    );
    expect(entry).toMatchObject({ description: names.th, localizedDescription: names });
    const partial = toStatementEntry(
      transfer('bonus', house('bonus'), bonusWallet, {
        metadata: { description: names.th, names: { th: names.th, en: 1 } },
      }),
    );
    expect(partial.localizedDescription).toBeNull();
  });

  it('names a provider float by its provider', () => {
    expect(accountName(house('provider_float', 'JOKER'))).toBe('JOKER');
    expect(accountName(house('game_result'))).toBe('game_result');
  });
});
