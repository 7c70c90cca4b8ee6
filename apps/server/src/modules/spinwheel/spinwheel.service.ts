import { ledgerCurrency } from '@mekong/contracts/constants';
import { randomInt, randomUUID } from 'node:crypto';
import type { SpinFairness } from '@mekong/contracts/spinwheel';
import type { AppDeps } from '@/app-deps.ts';
import type { Db, Trx } from '@/db/database.ts';
import { AppError } from '@/lib/app-error.ts';
import { DAY_MS } from '@/lib/player-time.ts';
import { findMemberCurrency } from '@/modules/account/member.repository.ts';
import { startBonusByCode } from '@/modules/bonus/bonus.service.ts';
import type { CreditedDeposit } from '@/modules/deposit/deposit-effects.ts';
import { findTransferByExternalRef } from '@/modules/ledger/ledger.repository.ts';
import { payFromHouse } from '@/modules/ledger/house-payout.ts';
import { ensureMemberAccounts } from '@/modules/ledger/ledger.service.ts';
import { guardsOf, timesMultiplier } from '@/modules/promotion-play/deposit-play.ts';
import { findSetting } from '@/modules/settings/settings.repository.ts';
import { releasePlayedCoins, settleWaitingCoins } from '@/modules/spinwheel/coin-release.ts';
import { prizeLockOf, settlePrizeTurnovers } from '@/modules/spinwheel/prize-turnover.ts';
import { insertWaitingCoins } from '@/modules/spinwheel/spin-coin-pending.repository.ts';
import {
  fairDraw,
  newClientSeed,
  newServerSeed,
  seedHashOf,
} from '@/modules/spinwheel/fair-draw.ts';
import {
  addDepositCoins,
  ensureSpinState,
  findActiveWheel,
  findCoins,
  findCouponByCode,
  findSliceWheelNames,
  findSpinState,
  hasActiveWheel,
  insertCoupon,
  insertSpin,
  listCoupons,
  markCouponClaimed,
  setCouponTransfer,
  setCouponTurnover,
  spendCoin,
  type Coupon,
  type SpinSlice,
  type SpinWheel,
} from '@/modules/spinwheel/spinwheel.repository.ts';

export type { Coupon, SpinSlice, SpinWheel };

/**
 * A coupon as the member sees it: `expired` is a claimable coupon past its date; `turnoverMinor` is what a cash prize
 * asks to be staked before it can be withdrawn (fixed at the claim; before it, what today's setting would ask).
 */
export type CouponView = Coupon & {
  shownStatus: 'claimable' | 'claimed' | 'expired';
  turnoverMinor: bigint;
};

export type SpinOutcome = {
  slice: SpinSlice;
  remainingCoins: number;
  coupon: CouponView | null;
  fairness: SpinFairness;
};

// Crockford's base32 (no I, L, O, U): a code read aloud or typed is unambiguous.
const COUPON_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 16 characters of 32: 80 random bits, not guessable. */
const COUPON_CODE_LENGTH = 16;

function newCouponCode(): string {
  let code = '';
  for (let i = 0; i < COUPON_CODE_LENGTH; i += 1)
    code += COUPON_ALPHABET[randomInt(COUPON_ALPHABET.length)];
  return code;
}

/** A fresh seed and its commitment. */
function freshSeed() {
  const serverSeed = newServerSeed();
  return { serverSeed, seedHash: seedHashOf(serverSeed) };
}

export function couponView(coupon: Coupon, now: Date, prizeTurnoverMultiplier: number): CouponView {
  const isExpired = coupon.status === 'claimable' && coupon.expiresAt <= now;
  const turnoverMinor =
    coupon.kind !== 'cash'
      ? 0n
      : coupon.status === 'claimed'
        ? BigInt(coupon.turnoverTarget ?? 0)
        : prizeTurnoverMultiplier > 0
          ? timesMultiplier(coupon.amountMinor, prizeTurnoverMultiplier)
          : 0n;
  return { ...coupon, shownStatus: isExpired ? 'expired' : coupon.status, turnoverMinor };
}

/**
 * Deposit effect (docs/decisions/0013-promotions.md#deposits, #earned-by-play): floor(deposit / coin price) coins,
 * once per deposit transfer (a replayed bank transaction adds none), in the crediting transaction. They wait until the
 * deposit is played (at once when the operator's play multiplier is 0); older waiting deposits are judged first,
 * without this one.
 */
export async function earnCoins(trx: Trx, deposit: CreditedDeposit): Promise<void> {
  await releasePlayedCoins(trx, deposit.memberId, deposit.now, {
    exceptDeposit: deposit.transferId,
  });
  // The coin price (setting spinCoins) is in satang and the wheel's cash prizes in baht; with no kip price a LAK
  // deposit earns none rather than a hundredfold count.
  if (deposit.currency !== 'THB') return;
  const price = await findSetting(trx, 'spinCoins');
  if (!price) return;
  const coins = deposit.amountMinor / BigInt(price.coinPriceMinor);
  if (coins <= 0n) return;
  const { depositPlayMultiplier } = await guardsOf(trx);
  if (depositPlayMultiplier > 0) {
    await insertWaitingCoins(trx, {
      memberId: deposit.memberId,
      depositTransferId: deposit.transferId,
      coins: Number(coins),
      depositAt: deposit.now,
    });
    return;
  }
  await addDepositCoins(
    trx,
    {
      id: randomUUID(),
      memberId: deposit.memberId,
      coins: Number(coins),
      depositTransferId: deposit.transferId,
      now: deposit.now,
    },
    freshSeed(),
  );
}

/** The member's coin count (the profile's `coin`), after adding the coins of deposits played since the last look. */
export async function coinsOf(db: Db, memberId: string, now: Date): Promise<number> {
  await settleWaitingCoins(db, memberId, now);
  return (await findCoins(db.kysely, memberId)) ?? 0;
}

/** The prize wheel and its coupons (docs/decisions/0013-promotions.md#prize-wheel). */
export function createSpinwheelService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  /** The member's state, made with a first committed seed on first use. */
  async function spinState(memberId: string) {
    await ensureSpinState(db.kysely, { memberId, ...freshSeed(), now: clock.now() });
    const state = await findSpinState(db.kysely, memberId);
    if (!state) throw new AppError('NO_USER');
    return state;
  }

  /** Pays a won coupon: cash from the prize house account, or the slice's bonus. */
  async function pay(trx: Trx, coupon: Coupon, now: Date): Promise<string | null> {
    if (coupon.kind === 'bonus') {
      if (!coupon.bonusCode) throw new AppError('INVALID_COUPON_TYPE');
      const started = await startBonusByCode(trx, coupon.memberId, coupon.bonusCode, {
        now,
        viaCoupon: true,
      }).catch((error: unknown) => {
        // The slice names a bonus that is gone or disabled: the prize, not the coupon, is invalid.
        if (error instanceof AppError && error.code === 'NO_PROMOTION')
          throw new AppError('INVALID_PRIZE_CODE');
        throw error;
      });
      // The bonus credit is keyed by the member bonus it starts (docs/decisions/0013-promotions.md#bonus).
      const credit = await findTransferByExternalRef(trx, 'bonus', started.id);
      return credit?.id ?? null;
    }
    const member = await findMemberCurrency(trx, coupon.memberId);
    if (!member) throw new AppError('NO_USER');
    const currency = ledgerCurrency(member.currency);
    await ensureMemberAccounts(trx, coupon.memberId, currency, now);
    // The wheel's names ride along, so the statement names the prize's wheel in the member's language.
    const names = coupon.sliceId ? await findSliceWheelNames(trx, coupon.sliceId) : undefined;
    const { transfer } = await payFromHouse(
      trx,
      'prize',
      { memberId: coupon.memberId, amountMinor: coupon.amountMinor, currency },
      {
        externalRef: `coupon:${coupon.id}`,
        metadata: { couponCode: coupon.code, slice: coupon.sliceCode, ...(names && { names }) },
        now,
      },
    );
    return transfer.id;
  }

  /** A cash prize's turnover (docs/decisions/0013-promotions.md#earned-by-play), fixed at the claim. */
  async function openPrizeTurnover(trx: Trx, coupon: Coupon, now: Date): Promise<bigint | null> {
    const { prizeTurnoverMultiplier } = await guardsOf(trx);
    if (!(prizeTurnoverMultiplier > 0)) return null;
    await settlePrizeTurnovers(trx, coupon.memberId, now);
    const target = timesMultiplier(coupon.amountMinor, prizeTurnoverMultiplier);
    await setCouponTurnover(trx, coupon.id, target);
    return target;
  }

  return {
    async setup(memberId: string) {
      const waitingCoins = await settleWaitingCoins(db, memberId, clock.now());
      const [wheel, state] = await Promise.all([findActiveWheel(db.kysely), spinState(memberId)]);
      return {
        wheel: wheel ?? null,
        coins: state.coins,
        waitingCoins,
        prizeLock: await prizeLockOf(db.kysely, memberId),
        fairness: { seedHash: state.seedHash, nonce: state.nonce },
      };
    },

    isActive: () => hasActiveWheel(db.kysely),

    /** One coin, one fair draw; a prize becomes a coupon in the same transaction. */
    async spin(memberId: string, clientSeed: string | undefined): Promise<SpinOutcome> {
      const client = clientSeed ?? newClientSeed();
      await spinState(memberId);
      await settleWaitingCoins(db, memberId, clock.now());
      return db.withTransaction(async (trx) => {
        const now = clock.now();
        const wheel = await findActiveWheel(trx);
        if (!wheel) throw new AppError('SPINWHEEL_INACTIVE');
        const state = await findSpinState(trx, memberId, { isLocked: true });
        if (!state || state.coins < 1) throw new AppError('NO_COIN');
        const weights = wheel.slices.map((s) => s.weight);
        const slice = wheel.slices[fairDraw(state.serverSeed, client, state.nonce, weights)];
        if (!slice) throw new Error('the draw picked no slice');
        const next = freshSeed();
        const remainingCoins = await spendCoin(trx, {
          memberId,
          nonce: state.nonce,
          nextSeed: next.serverSeed,
          nextSeedHash: next.seedHash,
          now,
        });
        if (remainingCoins === undefined) throw new AppError('NO_COIN');
        const spinId = randomUUID();
        await insertSpin(trx, {
          id: spinId,
          memberId,
          wheelId: wheel.id,
          slice,
          serverSeed: state.serverSeed,
          seedHash: state.seedHash,
          clientSeed: client,
          nonce: state.nonce,
          weights,
          now,
        });
        const coupon =
          slice.prizeKind === 'none'
            ? null
            : await insertCoupon(trx, {
                id: randomUUID(),
                memberId,
                code: newCouponCode(),
                spinId,
                sliceId: slice.id,
                prizeName: slice.label,
                sliceCode: slice.code,
                kind: slice.prizeKind,
                amountMinor: slice.amountMinor,
                bonusCode: slice.bonusCode,
                expiresAt: new Date(now.getTime() + wheel.couponDays * DAY_MS),
                now,
              });
        const { prizeTurnoverMultiplier } = await guardsOf(trx);
        return {
          slice,
          remainingCoins,
          coupon: coupon && couponView(coupon, now, prizeTurnoverMultiplier),
          fairness: {
            serverSeed: state.serverSeed,
            seedHash: state.seedHash,
            clientSeed: client,
            nonce: state.nonce,
            nextSeedHash: next.seedHash,
          },
        };
      });
    },

    async coupons(memberId: string): Promise<CouponView[]> {
      const now = clock.now();
      const [{ prizeTurnoverMultiplier }, coupons] = await Promise.all([
        guardsOf(db.kysely),
        listCoupons(db.kysely, memberId),
      ]);
      return coupons.map((c) => couponView(c, now, prizeTurnoverMultiplier));
    },

    /** Claims a coupon once: the conditional update decides between parallel claims; the payment is in its transaction. */
    async claim(
      memberId: string,
      code: string,
    ): Promise<{ coupon: CouponView; transferId: string | null }> {
      const normalized = code.toUpperCase();
      return db.withTransaction(async (trx) => {
        const now = clock.now();
        const found = await findCouponByCode(trx, normalized, { isLocked: true });
        if (!found || found.memberId !== memberId || found.status !== 'claimable')
          throw new AppError('NO_CLAIMABLE_COUPON');
        if (found.expiresAt <= now) throw new AppError('COUPON_EXPIRED');
        if (found.kind === 'none') throw new AppError('INVALID_COUPON_TYPE');
        // The member's spin state is the lock of their prize turnovers: older prizes are judged before this opens.
        await findSpinState(trx, memberId, { isLocked: true });
        const claimed = await markCouponClaimed(trx, { id: found.id, memberId, now });
        if (!claimed) throw new AppError('NO_CLAIMABLE_COUPON');
        const transferId = await pay(trx, claimed, now);
        if (transferId) await setCouponTransfer(trx, claimed.id, transferId);
        const target = claimed.kind === 'cash' ? await openPrizeTurnover(trx, claimed, now) : null;
        const turnoverTarget = target === null ? null : target.toString();
        return { coupon: couponView({ ...claimed, transferId, turnoverTarget }, now, 0), transferId };
      });
    },
  };
}

export type SpinwheelService = ReturnType<typeof createSpinwheelService>;
