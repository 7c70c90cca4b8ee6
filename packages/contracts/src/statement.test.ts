import { describe, expect, it } from 'vitest';
import { statementList } from './statement.ts';

const entry = {
  _id: 't-1',
  statementType: 'deposit',
  from: 'bank',
  to: 'wallet',
  amount: 100,
  status: 'SUCCESS',
  createdAt: '2026-11-02T03:00:00.000Z',
  description: null,
};

describe('POST /api/statement contract (issue 9: filter and channel, backward compatible)', () => {
  it('still takes a body without a filter, and takes each filter', () => {
    expect(statementList.body.parse({ page: 1, limit: 10 })).toEqual({ page: 1, limit: 10 });
    for (const type of ['deposit', 'withdraw', 'transfer', 'bonus'])
      expect(statementList.body.parse({ page: 1, limit: 10, type })).toEqual({
        page: 1,
        limit: 10,
        type,
      });
  });

  it('refuses an unknown filter and unknown fields', () => {
    for (const body of [
      { page: 1, limit: 10, type: 'finish_bonus' },
      { page: 1, limit: 10, type: null },
      { page: 1, limit: 10, filter: 'deposit' },
    ])
      expect(statementList.body.safeParse(body).success, JSON.stringify(body)).toBe(false);
  });

  it('reads an entry without the channel facts (an older answer) and one with them', () => {
    const old = statementList.response.parse({ total: 1, statements: [entry] });
    expect(old.statements[0]?.channel).toBeUndefined();
    const full = {
      ...entry,
      channel: 'qr',
      provider: 'KBANK',
      reference: 'Q1',
      accountSuffix: null,
    };
    expect(statementList.response.parse({ total: 1, statements: [full] }).statements[0]).toEqual(
      full,
    );
    expect(
      statementList.response.safeParse({ total: 1, statements: [{ ...entry, channel: 'pigeon' }] })
        .success,
    ).toBe(false);
  });
});
