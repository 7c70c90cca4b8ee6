import type { GameCategory, GameEntry } from '@mekong/contracts/wallet';

/** The three home carousels of docs/spec.md §1: slot, sport+casino, lotto. */
export const GAME_GROUPS = [
  { key: 'slot', categories: ['slot'] },
  { key: 'sportCasino', categories: ['sport', 'casino'] },
  { key: 'lotto', categories: ['lotto'] },
] as const satisfies readonly { key: string; categories: readonly GameCategory[] }[];

export type GameGroupKey = (typeof GAME_GROUPS)[number]['key'];

/** Games per carousel; active accounts first, otherwise the server's order. */
export function groupGames(games: readonly GameEntry[]): Record<GameGroupKey, GameEntry[]> {
  const groups = { slot: [], sportCasino: [], lotto: [] } as Record<GameGroupKey, GameEntry[]>;
  for (const group of GAME_GROUPS) {
    const members = games.filter((game) =>
      (group.categories as readonly GameCategory[]).includes(game.category),
    );
    groups[group.key] = [
      ...members.filter((g) => g.isActive),
      ...members.filter((g) => !g.isActive),
    ];
  }
  return groups;
}

function toCents(amount: number): number {
  return Math.round(amount * 100);
}

/** Spec §1: the combined total is the wallet amount plus every game amount, summed in satang so no float drift. */
export function combinedTotal(
  walletAmount: number,
  games: readonly Pick<GameEntry, 'amount'>[],
): number {
  const cents = games.reduce((sum, game) => sum + toCents(game.amount), toCents(walletAmount));
  return cents / 100;
}

/**
 * What the main wallet can send to a game: the cash, plus the bonus wallet while a bonus runs (the server spends the
 * bonus first, docs/decisions/0013-promotions.md#bonus). Summed in satang.
 */
export function walletSpendable(wallet: {
  amount: number;
  bonusAmount: number;
  hasReceivedBonus: boolean;
}): number {
  return wallet.hasReceivedBonus
    ? (toCents(wallet.amount) + toCents(wallet.bonusAmount)) / 100
    : wallet.amount;
}

/** Game accounts money can move to or from: the active ones. */
export function activeGames(games: readonly GameEntry[]): GameEntry[] {
  return games.filter((game) => game.isActive);
}

/**
 * A member who has not started yet: no money anywhere (cash, bonus, games) and no game account. Home then shows the
 * three first steps (deposit, activate a game, play).
 */
export function isNewPlayer(data: {
  wallet: { amount: number; bonusAmount: number };
  slots: readonly Pick<GameEntry, 'amount' | 'isActive'>[];
}): boolean {
  return (
    data.wallet.amount <= 0 &&
    data.wallet.bonusAmount <= 0 &&
    data.slots.every((game) => !game.isActive && game.amount <= 0)
  );
}
