import type { GameEntry } from '@mekong/contracts/wallet';
import { describe, expect, it } from 'vitest';
import {
  activeGames,
  combinedTotal,
  groupGames,
  isNewPlayer,
  walletSpendable,
} from '@/lib/wallet-figures';

function game(
  code: string,
  category: GameEntry['category'],
  amount = 0,
  isActive = false,
): GameEntry {
  return {
    code,
    name: code,
    category,
    logo: '',
    background: '',
    amount,
    isActive,
    hasAutoLogin: false,
    web: null,
    android: null,
    ios: null,
  };
}

describe('carousel grouping', () => {
  const games = [
    game('PG', 'slot'),
    game('UFABET', 'sport', 10, true),
    game('SEXYGAME', 'casino'),
    game('HUAYHD', 'lotto', 0, true),
    game('JOKER', 'slot', 5, true),
  ];

  it('puts slot, sport+casino and lotto in their three carousels', () => {
    const groups = groupGames(games);
    expect(groups.slot.map((g) => g.code).sort()).toEqual(['JOKER', 'PG']);
    expect(groups.sportCasino.map((g) => g.code).sort()).toEqual(['SEXYGAME', 'UFABET']);
    expect(groups.lotto.map((g) => g.code)).toEqual(['HUAYHD']);
  });

  it('shows active accounts first, otherwise keeps the server order', () => {
    const groups = groupGames(games);
    expect(groups.slot.map((g) => g.code)).toEqual(['JOKER', 'PG']);
    expect(groups.sportCasino.map((g) => g.code)).toEqual(['UFABET', 'SEXYGAME']);
  });

  it('gives empty carousels when there are no games', () => {
    expect(groupGames([])).toEqual({ slot: [], sportCasino: [], lotto: [] });
  });

  it('offers only active accounts for transfers', () => {
    expect(activeGames(games).map((g) => g.code)).toEqual(['UFABET', 'HUAYHD', 'JOKER']);
  });
});

describe('combined total', () => {
  it('is the wallet amount plus every game amount', () => {
    expect(combinedTotal(100, [{ amount: 20.5 }, { amount: 0 }, { amount: 79.5 }])).toBe(200);
    expect(combinedTotal(0, [])).toBe(0);
  });

  it('adds in satang so decimals never drift', () => {
    expect(combinedTotal(0.1, [{ amount: 0.2 }])).toBe(0.3);
    expect(combinedTotal(1234567.89, [{ amount: 0.11 }, { amount: 0.01 }])).toBe(1234568.01);
  });
});

describe('new player', () => {
  const fresh = {
    wallet: { amount: 0, bonusAmount: 0 },
    slots: [game('PG', 'slot'), game('HUAYHD', 'lotto')],
  };

  it('is a member with no money and no game account', () => {
    expect(isNewPlayer(fresh)).toBe(true);
    expect(isNewPlayer({ ...fresh, slots: [] })).toBe(true);
  });

  it('is not once there is money in the wallet or the bonus wallet', () => {
    expect(isNewPlayer({ ...fresh, wallet: { amount: 0.01, bonusAmount: 0 } })).toBe(false);
    expect(isNewPlayer({ ...fresh, wallet: { amount: 0, bonusAmount: 50 } })).toBe(false);
  });

  it('is not once a game is activated, even with nothing in it', () => {
    expect(isNewPlayer({ ...fresh, slots: [game('PG', 'slot', 0, true)] })).toBe(false);
  });
});

describe('what the main wallet can send to a game', () => {
  it('is the cash, plus the bonus wallet only while a bonus runs, with no float drift', () => {
    expect(walletSpendable({ amount: 100.1, bonusAmount: 50.2, hasReceivedBonus: false })).toBe(
      100.1,
    );
    expect(walletSpendable({ amount: 100.1, bonusAmount: 50.2, hasReceivedBonus: true })).toBe(
      150.3,
    );
    expect(walletSpendable({ amount: 0.1, bonusAmount: 0.2, hasReceivedBonus: true })).toBe(0.3);
  });
});
