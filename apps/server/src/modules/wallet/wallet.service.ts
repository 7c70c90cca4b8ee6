import type { LedgerCurrency } from '@mekong/contracts/constants';
import { randomUUID } from 'node:crypto';
import type { MoneyStatus } from '@mekong/contracts/money';
import { WALLET } from '@mekong/contracts/wallet';
import type { AppDeps } from '@/app-deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { combinedMoneyStatus, moneyStatusOf } from '@/lib/money-status.ts';
import { nameUuid } from '@/lib/name-uuid.ts';
import type { AccountService, ProfileResponse } from '@/modules/account/account.service.ts';
import type { GamesService } from '@/modules/games/games.service.ts';
import { inviteFigures, type InviteFigures } from '@/modules/invite/invite.service.ts';
import type { ProviderRow } from '@/modules/games/games.repository.ts';
import {
  findTransferByIdempotencyKey,
  listGroupTransfers,
  type TransferRow,
} from '@/modules/ledger/ledger.repository.ts';
import { getMemberBalances } from '@/modules/ledger/ledger.service.ts';
import {
  checkBonusLost,
  createActiveBonusReader,
  useBonusForGame,
} from '@/modules/bonus/bonus.service.ts';
import type { Trx } from '@/db/database.ts';

/** Spec §5 / §9: the transfer minimum is 1 (baht, or kip for a LAK member). */
const TRANSFER_MINIMUM_MINOR = 100n;
/** A game-to-game transfer whose first leg settled this recently may still be on its second leg. */
const SECOND_LEG_GRACE_MS = 60_000;

/** The wallet screen's figures, in minor units (the route spells them in major units). */
export type WalletView = {
  profile: ProfileResponse;
  cashMinor: bigint;
  bonusMinor: bigint;
  totalMinor: bigint;
  timesync: Date;
  /** A bonus is running: the withdraw modal shows its notice (docs/decisions/0013-promotions.md#bonus). */
  hasActiveBonus: boolean;
  slots: { provider: ProviderRow; isActive: boolean; amountMinor: bigint }[];
  invite: InviteFigures;
};
export type MoneyMoveResult = { transferId: string; status: MoneyStatus };
export type TransferAllResult = { status: MoneyStatus; amountMinor: bigint };

type Side = { kind: 'wallet' } | { kind: 'game'; provider: string; username: string };

const normalize = (ref: string) => {
  const trimmed = ref.trim();
  return trimmed.toLowerCase() === WALLET ? WALLET : trimmed.toUpperCase();
};

/** The wallet calls of docs/spec.md §7 (GET /api/wallet and friends, transfer, transferAll), docs/design.md#money and D5. */
export function createWalletService(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  games: GamesService,
  account: Pick<AccountService, 'profile'>,
) {
  const hasActiveBonus = createActiveBonusReader(db.kysely);

  async function getWallet(memberId: string): Promise<WalletView> {
    // A bonus whose total fell below its percentFail ends before the figures are read. Most members have none: the
    // shared check (one statement for concurrent requests) says so, and only a running bonus is looked at closely.
    const isBonusActive =
      (await hasActiveBonus(memberId)) &&
      (await checkBonusLost(db, memberId, clock.now())) === 'active';
    const [profile, slots, invite] = await Promise.all([
      account.profile(memberId),
      games.memberSlots(memberId),
      inviteFigures(db, memberId, clock.now()),
    ]);
    const { providers, active, balances } = slots;
    // Total = cash wallet + every active game balance (docs/spec.md §1: "wallet amount plus all game amounts"); the bonus
    // wallet is shown apart and is not withdrawable as such. Pending (in-flight) amounts are in neither side.
    let gamesMinor = 0n;
    for (const code of active.keys()) gamesMinor += balances.games[code] ?? 0n;
    const syncTimes = [...active.values()].map((a) => a.synced_at?.getTime() ?? 0);
    return {
      profile,
      cashMinor: balances.cash,
      bonusMinor: balances.bonus,
      totalMinor: balances.cash + gamesMinor,
      timesync: syncTimes.length > 0 ? new Date(Math.min(...syncTimes)) : clock.now(),
      hasActiveBonus: isBonusActive,
      slots: providers
        .filter((p) => p.is_enabled)
        .map((p) => ({
          provider: p,
          isActive: active.has(p.code),
          amountMinor: active.has(p.code) ? (balances.games[p.code] ?? 0n) : 0n,
        })),
      invite,
    };
  }

  /** A transfer side: the wallet, or a game the member has activated (to: an enabled provider). */
  async function sideOf(
    active: Map<string, { provider: string; username: string }>,
    ref: string,
    role: 'from' | 'to',
  ): Promise<Side> {
    if (ref === WALLET) return { kind: 'wallet' };
    const account = active.get(ref);
    if (!account) throw new AppError('NO_GAME');
    // Money may always come back from a provider the operator switched off, never go into one.
    if (role === 'to') await games.enabledProvider(ref);
    return { kind: 'game', provider: account.provider, username: account.username };
  }

  /** The member's currency and the sides of a transfer, with one query (the catalogue is cached). */
  async function sidesOf(memberId: string, refs: { from?: string; to: string }) {
    const codes = [refs.from, refs.to].filter((r): r is string => r !== undefined && r !== WALLET);
    const { currency, active } = await games.transferContext(memberId, codes);
    const [source, target] = await Promise.all([
      refs.from === undefined ? undefined : sideOf(active, refs.from, 'from'),
      sideOf(active, refs.to, 'to'),
    ]);
    return { currency, source, target };
  }

  /** With a running bonus, a wallet → game leg first spends the bonus account (docs/decisions/0013-promotions.md#bonus). */
  async function bonusFirst(memberId: string, currency: LedgerCurrency, amountMinor: bigint) {
    if (!(await hasActiveBonus(memberId))) return {};
    return {
      prepare: (trx: Trx) =>
        useBonusForGame(trx, { memberId, currency, amountMinor, now: clock.now() }),
    };
  }

  async function reportGameToGame(
    memberId: string,
    first: TransferRow,
    secondKey: string,
  ): Promise<MoneyMoveResult> {
    const second = await findTransferByIdempotencyKey(db.kysely, memberId, secondKey);
    if (second) return { transferId: second.id, status: moneyStatusOf(second.status) };
    const status = moneyStatusOf(first.status);
    if (status !== 'SUCCESS') return { transferId: first.id, status };
    // The first leg landed in the wallet and no second leg exists: either the first request is still on its way to
    // it, or it stopped (the money stays in the wallet: TRANSFER_FAIL says "funds returned to wallet").
    const settledAt = first.settledAt?.getTime() ?? 0;
    return {
      transferId: first.id,
      status: clock.now().getTime() - settledAt < SECOND_LEG_GRACE_MS ? 'PENDING' : 'FAILED',
    };
  }

  /**
   * POST /api/wallet/transfer: every rule of docs/spec.md §5 on the server, then one two-phase leg (wallet ↔ game), or two
   * legs through the wallet (game → game). A repeated Idempotency-Key reports the first request's state and moves
   * nothing.
   */
  async function transfer(
    memberId: string,
    input: { from: string; to: string; amountMinor: bigint },
    idempotencyKey: string,
  ): Promise<MoneyMoveResult> {
    const from = normalize(input.from);
    const to = normalize(input.to);
    if (from === to) throw new AppError('TRANSFER_SAME_ACCOUNT');
    const { amountMinor } = input;
    if (amountMinor < TRANSFER_MINIMUM_MINOR) throw new AppError('TRANSFER_MINIMUM');
    const sides = await sidesOf(memberId, { from, to });
    const { currency, target } = sides;
    const source = sides.source as Side;
    const leg = (side: Extract<Side, { kind: 'game' }>, direction: 'in' | 'out') => ({
      memberId,
      currency,
      provider: side.provider,
      username: side.username,
      direction,
      amountMinor,
    });

    if (source.kind === 'wallet' && target.kind === 'game') {
      const prepare = await bonusFirst(memberId, currency, amountMinor);
      const r = await games.runLeg({ ...leg(target, 'in'), idempotencyKey, ...prepare });
      return { transferId: r.transfer.id, status: r.status };
    }
    if (source.kind === 'game' && target.kind === 'wallet') {
      const r = await games.runLeg({ ...leg(source, 'out'), idempotencyKey });
      return { transferId: r.transfer.id, status: r.status };
    }
    if (source.kind === 'game' && target.kind === 'game') {
      const groupId = randomUUID();
      const secondKey = `${idempotencyKey}:2`;
      const first = await games.runLeg({
        ...leg(source, 'out'),
        idempotencyKey,
        id: groupId,
        groupId,
      });
      if (first.isReplay) return reportGameToGame(memberId, first.transfer, secondKey);
      // Unknown first leg: the money lands in the wallet once settled; a refused one never left the game.
      if (first.status !== 'SUCCESS')
        return { transferId: first.transfer.id, status: first.status };
      const second = await games.runLeg({
        ...leg(target, 'in'),
        idempotencyKey: secondKey,
        groupId: first.transfer.groupId ?? first.transfer.id,
      });
      return { transferId: second.transfer.id, status: second.status };
    }
    throw new AppError('TRANSFER_SAME_ACCOUNT');
  }

  /**
   * POST /api/wallet/transferAll {to}: everything the member holds elsewhere goes to `to`. Every active game balance
   * comes back to the wallet first (one two-phase leg each); when `to` is a game, the whole cash wallet then goes in.
   */
  async function transferAll(
    memberId: string,
    input: { to: string },
    idempotencyKey: string,
  ): Promise<TransferAllResult> {
    const to = normalize(input.to);
    const { currency, target } = await sidesOf(memberId, { to });
    // The request's legs share a group named after its key (its own key never moves money), so a repeat finds them.
    const groupId = nameUuid(`${idempotencyKey}:transferAll`);
    const earlier = await listGroupTransfers(db.kysely, memberId, groupId);
    if (earlier.length > 0) {
      const inbound = earlier.filter((t) =>
        target.kind === 'wallet' ? t.kind === 'game_out' : t.kind === 'game_in',
      );
      const amountMinor = inbound
        .filter((t) => t.status === 'posted')
        .reduce((sum, t) => sum + t.amountMinor, 0n);
      const isInRefused = target.kind === 'game' && inbound.some((t) => t.status === 'voided');
      const alive = earlier.map((t) => moneyStatusOf(t.status)).filter((s) => s !== 'FAILED');
      return {
        status: isInRefused || alive.length === 0 ? 'FAILED' : combinedMoneyStatus(alive),
        amountMinor,
      };
    }

    const gathered = await gatherToWallet(memberId, {
      idempotencyKey: `${idempotencyKey}:all`,
      groupId,
      except: target.kind === 'game' ? target.provider : undefined,
      currency,
    });
    const outStatuses = gathered.map((g) => g.status);
    if (target.kind === 'wallet') {
      if (gathered.length === 0) throw new AppError('MONEY_NOT_ENOUGH');
      const amountMinor = gathered
        .filter((g) => g.status === 'SUCCESS')
        .reduce((sum, g) => sum + g.amountMinor, 0n);
      const alive = outStatuses.filter((s) => s !== 'FAILED');
      return { status: alive.length === 0 ? 'FAILED' : combinedMoneyStatus(alive), amountMinor };
    }

    const balances = await getMemberBalances(db.kysely, memberId);
    // With a running bonus, the bonus account goes in too (spent first, moved to cash in the reservation's transaction).
    const prepare = await bonusFirst(memberId, currency, balances.cash + balances.bonus);
    const cash = balances.cash + (prepare.prepare ? balances.bonus : 0n);
    if (cash <= 0n) {
      if (gathered.length === 0) throw new AppError('MONEY_NOT_ENOUGH');
      // Everything is on its way back, or was refused; nothing can go in yet.
      return { status: combinedMoneyStatus(outStatuses), amountMinor: 0n };
    }
    const r = await games.runLeg({
      memberId,
      currency,
      provider: target.provider,
      username: target.username,
      direction: 'in',
      amountMinor: cash,
      idempotencyKey: `${idempotencyKey}:all:in`,
      groupId,
      ...prepare,
    });
    if (r.status === 'FAILED') return { status: 'FAILED', amountMinor: 0n };
    return {
      status: combinedMoneyStatus([r.status, ...outStatuses.filter((s) => s !== 'FAILED')]),
      amountMinor: r.status === 'SUCCESS' ? cash : 0n,
    };
  }

  /**
   * Brings every active game balance (but `except`) back to the cash wallet, one two-phase leg per game, in parallel.
   * Each leg's idempotency key is `<idempotencyKey>:<PROVIDER>`. Also used by withdrawAll (docs/design.md#withdrawals).
   */
  async function gatherToWallet(
    memberId: string,
    options: {
      idempotencyKey: string;
      groupId: string;
      except?: string | undefined;
      currency?: LedgerCurrency;
    },
  ): Promise<{ provider: string; amountMinor: bigint; status: MoneyStatus; transferId: string }[]> {
    const currency = options.currency ?? (await games.findMember(memberId)).currency;
    const { active, balances } = await games.memberSlots(memberId);
    const sources = [...active.values()].filter(
      (a) => a.provider !== options.except && (balances.games[a.provider] ?? 0n) > 0n,
    );
    return Promise.all(
      sources.map(async (a) => {
        const amountMinor = balances.games[a.provider] ?? 0n;
        const r = await games
          .runLeg({
            memberId,
            currency,
            provider: a.provider,
            username: a.username,
            direction: 'out',
            amountMinor,
            idempotencyKey: `${options.idempotencyKey}:${a.provider}`,
            groupId: options.groupId,
          })
          .catch((error: unknown) => {
            // Spent meanwhile (another request moved it): nothing to bring back from this game.
            if (error instanceof AppError && error.code === 'MONEY_NOT_ENOUGH') return undefined;
            throw error;
          });
        return {
          provider: a.provider,
          amountMinor,
          status: r?.status ?? ('FAILED' as const),
          transferId: r?.transfer.id ?? '',
        };
      }),
    );
  }

  return {
    getWallet,
    /** Every active game balance (or only `provider`'s) asked of the provider, then the whole wallet. */
    async refresh(memberId: string, provider?: string) {
      await games.syncMember(memberId, provider);
      return getWallet(memberId);
    },
    transfer,
    transferAll,
    gatherToWallet,
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
