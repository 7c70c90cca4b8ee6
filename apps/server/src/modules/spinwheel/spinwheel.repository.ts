import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Queryable, Trx } from '@/db/database.ts';
import { toDomainRow, type DomainRow } from '@/db/domain-row.ts';
import { finder, lockableFinder } from '@/db/finders.ts';
import type {
  CouponsTable,
  MemberSpinStateTable,
  SpinPrizeKind,
  SpinSlicesTable,
  SpinWheelsTable,
} from '@/db/schema.ts';

/**
 * The prize wheel's tables (docs/decisions/0013-promotions.md#prize-wheel): only this file and
 * spinwheel-admin.repository.ts (the back office's side) write them.
 */

export type SpinSlice = DomainRow<Selectable<SpinSlicesTable>>;
export type SpinWheel = DomainRow<Selectable<SpinWheelsTable>> & { slices: SpinSlice[] };
export type SpinState = DomainRow<Selectable<MemberSpinStateTable>>;
export type Coupon = DomainRow<Selectable<CouponsTable>>;

/** The live wheel with its slices in wheel order; undefined when none is active or it has no slice. */
export async function findActiveWheel(db: Queryable): Promise<SpinWheel | undefined> {
  const wheel = await db
    .selectFrom('spin_wheels')
    .selectAll()
    .where('is_active', '=', true)
    .executeTakeFirst();
  if (!wheel) return undefined;
  const slices = await listWheelSlices(db, wheel.id);
  if (slices.length === 0) return undefined;
  return { ...toDomainRow(wheel), slices };
}

/** The wheel's slices in wheel order, without those taken off it. */
export async function listWheelSlices(db: Queryable, wheelId: string): Promise<SpinSlice[]> {
  const slices = await db
    .selectFrom('spin_slices')
    .selectAll()
    .where('wheel_id', '=', wheelId)
    .where('is_removed', '=', false)
    .orderBy('sort_order')
    .orderBy('code')
    .execute();
  return slices.map((s) => toDomainRow(s));
}

/** The member-facing names of the wheel a slice belongs to (for the statement row of its prize). */
export const findSliceWheelNames = finder(
  (db: Queryable, sliceId: string) =>
    db
      .selectFrom('spin_slices')
      .innerJoin('spin_wheels', 'spin_wheels.id', 'spin_slices.wheel_id')
      .select(['spin_wheels.name_th', 'spin_wheels.name_la', 'spin_wheels.name_en'])
      .where('spin_slices.id', '=', sliceId),
  (row) => ({ th: row.name_th, la: row.name_la, en: row.name_en }),
);

export async function hasActiveWheel(db: Queryable): Promise<boolean> {
  return (await findActiveWheel(db)) !== undefined;
}

export const findSpinState = lockableFinder(
  (db: Queryable, memberId: string) =>
    db.selectFrom('member_spin_state').selectAll().where('member_id', '=', memberId),
  (row): SpinState => toDomainRow(row),
);

/** The member's state row with a first committed seed, made once; idempotent. */
export async function ensureSpinState(
  db: Queryable,
  state: { memberId: string; serverSeed: string; seedHash: string; now: Date },
): Promise<void> {
  await db
    .insertInto('member_spin_state')
    .values({
      member_id: state.memberId,
      server_seed: state.serverSeed,
      seed_hash: state.seedHash,
      updated_at: state.now,
    })
    .onConflict((oc) => oc.column('member_id').doNothing())
    .execute();
}

/** Coins earned by one credited deposit; false (nothing added) when that deposit already earned its coins. */
export async function addDepositCoins(
  trx: Trx,
  move: { id: string; memberId: string; coins: number; depositTransferId: string; now: Date },
  fresh: { serverSeed: string; seedHash: string },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('spin_coin_moves')
    .values({
      id: move.id,
      member_id: move.memberId,
      delta: move.coins,
      deposit_transfer_id: move.depositTransferId,
      created_at: move.now,
    })
    .onConflict((oc) => oc.constraint('spin_coin_moves_deposit_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  await trx
    .insertInto('member_spin_state')
    .values({
      member_id: move.memberId,
      coins: move.coins,
      server_seed: fresh.serverSeed,
      seed_hash: fresh.seedHash,
      updated_at: move.now,
    })
    .onConflict((oc) =>
      oc.column('member_id').doUpdateSet({
        coins: sql`member_spin_state.coins + ${move.coins}`,
        updated_at: move.now,
      }),
    )
    .execute();
  return true;
}

/**
 * Takes one coin and commits the next seed, only if a coin is left and the nonce is the one drawn with (the caller
 * holds the row lock; the condition keeps it exact even without). Answers the coins left, or undefined: no coin.
 */
export async function spendCoin(
  trx: Trx,
  spend: { memberId: string; nonce: number; nextSeed: string; nextSeedHash: string; now: Date },
): Promise<number | undefined> {
  const row = await trx
    .updateTable('member_spin_state')
    .set({
      coins: sql`coins - 1`,
      nonce: sql`nonce + 1`,
      server_seed: spend.nextSeed,
      seed_hash: spend.nextSeedHash,
      updated_at: spend.now,
    })
    .where('member_id', '=', spend.memberId)
    .where('coins', '>=', 1)
    .where('nonce', '=', spend.nonce)
    .returning('coins')
    .executeTakeFirst();
  return row?.coins;
}

export type NewSpinResult = {
  id: string;
  memberId: string;
  wheelId: string;
  slice: SpinSlice;
  serverSeed: string;
  seedHash: string;
  clientSeed: string;
  nonce: number;
  weights: number[];
  now: Date;
};

/** The spin's record and its coin move (−1, unique per spin). */
export async function insertSpin(trx: Trx, spin: NewSpinResult): Promise<void> {
  await trx
    .insertInto('spin_results')
    .values({
      id: spin.id,
      member_id: spin.memberId,
      wheel_id: spin.wheelId,
      slice_id: spin.slice.id,
      slice_code: spin.slice.code,
      label: spin.slice.label,
      prize_kind: spin.slice.prizeKind,
      amount: spin.slice.amountMinor,
      server_seed: spin.serverSeed,
      seed_hash: spin.seedHash,
      client_seed: spin.clientSeed,
      nonce: spin.nonce,
      weights: JSON.stringify(spin.weights),
      created_at: spin.now,
    })
    .execute();
  await trx
    .insertInto('spin_coin_moves')
    .values({
      id: randomUUID(),
      member_id: spin.memberId,
      delta: -1,
      spin_id: spin.id,
      created_at: spin.now,
    })
    .execute();
}

export type NewCoupon = {
  id: string;
  memberId: string;
  code: string;
  spinId: string | null;
  sliceId: string | null;
  prizeName: string;
  sliceCode: string;
  kind: SpinPrizeKind;
  amountMinor: bigint;
  bonusCode: string | null;
  expiresAt: Date;
  now: Date;
};

export async function insertCoupon(trx: Trx, coupon: NewCoupon): Promise<Coupon> {
  const row = await trx
    .insertInto('coupons')
    .values({
      id: coupon.id,
      member_id: coupon.memberId,
      code: coupon.code,
      spin_id: coupon.spinId,
      slice_id: coupon.sliceId,
      prize_name: coupon.prizeName,
      slice_code: coupon.sliceCode,
      kind: coupon.kind,
      amount: coupon.amountMinor,
      bonus_code: coupon.bonusCode,
      status: 'claimable',
      expires_at: coupon.expiresAt,
      created_at: coupon.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toDomainRow(row);
}

/** The member's coupons, newest first. */
export async function listCoupons(db: Queryable, memberId: string): Promise<Coupon[]> {
  const rows = await db
    .selectFrom('coupons')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => toDomainRow(r));
}

export const findCouponByCode = lockableFinder(
  (db: Queryable, code: string) => db.selectFrom('coupons').selectAll().where('code', '=', code),
  (row): Coupon => toDomainRow(row),
);

/** Marks the coupon claimed, only while it is claimable and unexpired: of parallel claims one wins. */
export async function markCouponClaimed(
  trx: Trx,
  claim: { id: string; memberId: string; now: Date },
): Promise<Coupon | undefined> {
  const row = await trx
    .updateTable('coupons')
    .set({ status: 'claimed', claimed_at: claim.now })
    .where('id', '=', claim.id)
    .where('member_id', '=', claim.memberId)
    .where('status', '=', 'claimable')
    .where('expires_at', '>', claim.now)
    .returningAll()
    .executeTakeFirst();
  return row && toDomainRow(row);
}

export async function setCouponTransfer(trx: Trx, id: string, transferId: string): Promise<void> {
  await trx.updateTable('coupons').set({ transfer_id: transferId }).where('id', '=', id).execute();
}

/** The member's coin count (0 before any deposit earned one). */
export const findCoins = finder(
  (db: Queryable, memberId: string) =>
    db.selectFrom('member_spin_state').select('coins').where('member_id', '=', memberId),
  (row) => row.coins,
);

/** Sets the turnover a claimed cash prize asks before it can be withdrawn. */
export async function setCouponTurnover(trx: Trx, id: string, targetMinor: bigint): Promise<void> {
  await trx
    .updateTable('coupons')
    .set({ turnover_target: targetMinor })
    .where('id', '=', id)
    .execute();
}

export type OpenPrizeTurnover = {
  id: string;
  amountMinor: bigint;
  targetMinor: bigint;
  claimedAt: Date;
};

/** The member's claimed cash prizes whose turnover is not met yet, oldest claim first. */
export async function listOpenPrizeTurnovers(
  db: Queryable,
  memberId: string,
): Promise<OpenPrizeTurnover[]> {
  const rows = await db
    .selectFrom('coupons')
    .select([
      'id',
      sql<string>`amount::text`.as('amount'),
      sql<string>`turnover_target::text`.as('target'),
      'claimed_at',
    ])
    .where('member_id', '=', memberId)
    .where('status', '=', 'claimed')
    .where('turnover_target', 'is not', null)
    .where('turnover_met_at', 'is', null)
    .orderBy('claimed_at')
    .orderBy('id')
    .execute();
  return rows.flatMap((r) =>
    r.claimed_at
      ? [
          {
            id: r.id,
            amountMinor: BigInt(r.amount),
            targetMinor: BigInt(r.target),
            claimedAt: r.claimed_at,
          },
        ]
      : [],
  );
}

export async function markPrizeTurnoversMet(
  trx: Trx,
  ids: readonly string[],
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable('coupons')
    .set({ turnover_met_at: now })
    .where('id', 'in', [...ids])
    .where('turnover_met_at', 'is', null)
    .execute();
}
