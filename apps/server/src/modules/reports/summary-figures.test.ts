import { describe, expect, it } from 'vitest';
import type { FlowRow } from '@/modules/ledger/ledger-report.repository.ts';
import {
  addFlow,
  emptyFigures,
  mergeFigures,
  toCurrencyFigures,
} from '@/modules/reports/summary-figures.ts';

const flow = (row: Partial<FlowRow>): FlowRow => ({
  day: 0,
  currency: 'THB',
  kind: 'deposit',
  key: '',
  isFromHouse: true,
  count: 1,
  amountMinor: 100n,
  ...row,
});

describe('summary figures', () => {
  it('books a member win as a negative result and a loss as a positive one', () => {
    const acc = emptyFigures();
    addFlow(acc, flow({ kind: 'game_result', key: 'PG', isFromHouse: true, amountMinor: 30n }));
    addFlow(acc, flow({ kind: 'game_result', key: 'PG', isFromHouse: false, amountMinor: 50n }));
    expect(toCurrencyFigures('THB', acc).games[0]?.bookedResultMinor).toBe('20');
  });

  it('nets adjustments and bonus forfeits into the costs total', () => {
    const acc = emptyFigures();
    addFlow(acc, flow({ kind: 'bonus', amountMinor: 1000n }));
    addFlow(acc, flow({ kind: 'finish_bonus', isFromHouse: false, amountMinor: 300n }));
    addFlow(acc, flow({ kind: 'adjustment', isFromHouse: true, amountMinor: 50n }));
    addFlow(acc, flow({ kind: 'adjustment', isFromHouse: false, amountMinor: 20n }));
    addFlow(acc, flow({ kind: 'invite', amountMinor: 5n }));
    const costs = toCurrencyFigures('THB', acc).costs;
    expect(costs.bonusNetMinor).toBe('700');
    expect(costs.totalMinor).toBe(String(700 + 50 - 20 + 5));
  });

  it('files an unknown deposit channel under other and ignores a member bonus use', () => {
    const acc = emptyFigures();
    addFlow(acc, flow({ kind: 'deposit', key: '=evil' }));
    addFlow(acc, flow({ kind: 'bonus_use', isFromHouse: false }));
    const figures = toCurrencyFigures('THB', acc);
    expect(figures.deposits.byChannel.other).toEqual({ count: 1, amountMinor: '100' });
    expect(figures.costs.totalMinor).toBe('0');
  });

  it('counts a member active on two days once in the total', () => {
    const [a, b, total] = [emptyFigures(), emptyFigures(), emptyFigures()];
    a.active.add('m1');
    b.active.add('m1');
    b.active.add('m2');
    mergeFigures(total, a);
    mergeFigures(total, b);
    expect(toCurrencyFigures('THB', total).members.active).toBe(2);
  });
});
