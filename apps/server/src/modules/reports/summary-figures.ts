import type { LedgerCurrency } from '@mekong/contracts/constants';
import {
  DEPOSIT_CHANNELS,
  WITHDRAWAL_STATUSES,
  type CurrencyFigures,
  type DepositChannel,
  type Figure,
  type GameFigures,
} from '@mekong/contracts/admin/reports';
import type { FlowRow } from '@/modules/ledger/ledger-report.repository.ts';

/**
 * Adding up one day's (or the range's) figures of one currency from the owning modules' sums: pure, so the
 * arithmetic is tested apart from the database (docs/back-office/reports.md#summary).
 */

type Fig = { count: number; amount: bigint };
type GameAcc = {
  moneyIn: Fig;
  moneyOut: Fig;
  /** Members' losses − wins booked by the sync. */
  booked: bigint;
  bets: { count: number; stake: bigint; payout: bigint };
};
type WithdrawalStatusName = (typeof WITHDRAWAL_STATUSES)[number];

export type FiguresAcc = {
  deposits: Record<DepositChannel, Fig>;
  withdrawals: Record<WithdrawalStatusName, Fig>;
  paidOut: Fig;
  bonusGiven: Fig;
  bonusForfeited: Fig;
  refund: Fig;
  invite: Fig;
  prize: Fig;
  adjustmentCredit: Fig;
  adjustmentDebit: Fig;
  games: Map<string, GameAcc>;
  registered: number;
  active: Set<string>;
};

const fig = (): Fig => ({ count: 0, amount: 0n });
const recordOf = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, fig()])) as Record<K, Fig>;

export function emptyFigures(): FiguresAcc {
  return {
    deposits: recordOf(DEPOSIT_CHANNELS),
    withdrawals: recordOf(WITHDRAWAL_STATUSES),
    paidOut: fig(),
    bonusGiven: fig(),
    bonusForfeited: fig(),
    refund: fig(),
    invite: fig(),
    prize: fig(),
    adjustmentCredit: fig(),
    adjustmentDebit: fig(),
    games: new Map(),
    registered: 0,
    active: new Set(),
  };
}

function add(target: Fig, count: number, amount: bigint) {
  target.count += count;
  target.amount += amount;
}

export function gameOf(acc: FiguresAcc, provider: string): GameAcc {
  let game = acc.games.get(provider);
  if (!game) {
    game = {
      moneyIn: fig(),
      moneyOut: fig(),
      booked: 0n,
      bets: { count: 0, stake: 0n, payout: 0n },
    };
    acc.games.set(provider, game);
  }
  return game;
}

const isChannel = (key: string): key is DepositChannel =>
  (DEPOSIT_CHANNELS as readonly string[]).includes(key);

/** One ledger flow row into the figures. */
export function addFlow(acc: FiguresAcc, row: FlowRow): void {
  const { count, amountMinor: amount, isFromHouse } = row;
  // A house payout taken back (a member → house leg of a payout kind) lowers that cost.
  const houseFig = (target: Fig) =>
    add(target, isFromHouse ? count : 0, isFromHouse ? amount : -amount);
  switch (row.kind) {
    case 'deposit':
      add(acc.deposits[isChannel(row.key) ? row.key : 'other'], count, amount);
      return;
    case 'withdraw':
      add(acc.paidOut, count, amount);
      return;
    case 'game_in':
      add(gameOf(acc, row.key).moneyIn, count, amount);
      return;
    case 'game_out':
      add(gameOf(acc, row.key).moneyOut, count, amount);
      return;
    case 'game_result':
      gameOf(acc, row.key).booked += isFromHouse ? -amount : amount;
      return;
    case 'bonus':
    case 'finish_bonus':
    case 'bonus_forfeit':
      add(isFromHouse ? acc.bonusGiven : acc.bonusForfeited, count, amount);
      return;
    case 'refund':
      houseFig(acc.refund);
      return;
    case 'invite':
      houseFig(acc.invite);
      return;
    case 'prize':
      houseFig(acc.prize);
      return;
    case 'adjustment':
      add(isFromHouse ? acc.adjustmentCredit : acc.adjustmentDebit, count, amount);
      return;
    default:
      return;
  }
}

/** Adds `from` into `into` (the range total); active members are a set, so a member counts once. */
export function mergeFigures(into: FiguresAcc, from: FiguresAcc): void {
  for (const c of DEPOSIT_CHANNELS)
    add(into.deposits[c], from.deposits[c].count, from.deposits[c].amount);
  for (const s of WITHDRAWAL_STATUSES)
    add(into.withdrawals[s], from.withdrawals[s].count, from.withdrawals[s].amount);
  for (const key of [
    'paidOut',
    'bonusGiven',
    'bonusForfeited',
    'refund',
    'invite',
    'prize',
    'adjustmentCredit',
    'adjustmentDebit',
  ] as const)
    add(into[key], from[key].count, from[key].amount);
  for (const [provider, game] of from.games) {
    const target = gameOf(into, provider);
    add(target.moneyIn, game.moneyIn.count, game.moneyIn.amount);
    add(target.moneyOut, game.moneyOut.count, game.moneyOut.amount);
    target.booked += game.booked;
    target.bets.count += game.bets.count;
    target.bets.stake += game.bets.stake;
    target.bets.payout += game.bets.payout;
  }
  into.registered += from.registered;
  for (const id of from.active) into.active.add(id);
}

const out = (f: Fig): Figure => ({ count: f.count, amountMinor: f.amount.toString() });
const sumFigs = (figs: Fig[]): Fig =>
  figs.reduce((s, f) => ({ count: s.count + f.count, amount: s.amount + f.amount }), fig());

export function toCurrencyFigures(currency: LedgerCurrency, acc: FiguresAcc): CurrencyFigures {
  const bonusNet = acc.bonusGiven.amount - acc.bonusForfeited.amount;
  const total =
    bonusNet +
    acc.refund.amount +
    acc.invite.amount +
    acc.prize.amount +
    acc.adjustmentCredit.amount -
    acc.adjustmentDebit.amount;
  const games: GameFigures[] = [...acc.games.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([provider, g]) => ({
      provider,
      moneyIn: out(g.moneyIn),
      moneyOut: out(g.moneyOut),
      netTransferMinor: (g.moneyIn.amount - g.moneyOut.amount).toString(),
      bookedResultMinor: g.booked.toString(),
      bets: {
        count: g.bets.count,
        stakeMinor: g.bets.stake.toString(),
        payoutMinor: g.bets.payout.toString(),
        netMinor: (g.bets.stake - g.bets.payout).toString(),
      },
    }));
  return {
    currency,
    deposits: {
      total: out(sumFigs(Object.values(acc.deposits))),
      byChannel: Object.fromEntries(
        DEPOSIT_CHANNELS.map((c) => [c, out(acc.deposits[c])]),
      ) as CurrencyFigures['deposits']['byChannel'],
    },
    withdrawals: {
      requested: out(sumFigs(Object.values(acc.withdrawals))),
      byStatus: Object.fromEntries(
        WITHDRAWAL_STATUSES.map((s) => [s, out(acc.withdrawals[s])]),
      ) as CurrencyFigures['withdrawals']['byStatus'],
      paidOut: out(acc.paidOut),
    },
    costs: {
      bonusGiven: out(acc.bonusGiven),
      bonusForfeited: out(acc.bonusForfeited),
      bonusNetMinor: bonusNet.toString(),
      refund: out(acc.refund),
      invite: out(acc.invite),
      prize: out(acc.prize),
      adjustmentCredit: out(acc.adjustmentCredit),
      adjustmentDebit: out(acc.adjustmentDebit),
      totalMinor: total.toString(),
    },
    games,
    members: { registered: acc.registered, active: acc.active.size },
  };
}
