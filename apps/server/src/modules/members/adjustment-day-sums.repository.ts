import type { LedgerCurrency } from '@mekong/contracts/constants';
import { sql } from 'kysely';
import type { Queryable } from '@/db/database.ts';

/** `adjustment_day_sums` (docs/back-office/members.md#adjustments): this module owns it. */

export type DaySumKey = {
  scope: 'operator' | 'member';
  subjectId: string;
  currency: LedgerCurrency;
  /** The players' date, YYYY-MM-DD. */
  day: string;
};

const whereKey = (key: DaySumKey) =>
  ({
    scope: key.scope,
    subject_id: key.subjectId,
    currency: key.currency,
    day: key.day,
  }) as const;

/**
 * The day's sum of the key, its row locked in the caller's transaction until it ends (made at zero the first time).
 * A parallel first insert waits for ours and then finds the row, so everyone locks the same one.
 */
export async function lockDaySum(
  trx: Queryable,
  key: DaySumKey,
): Promise<{ soloMinor: bigint; isNearLineTold: boolean }> {
  await trx
    .insertInto('adjustment_day_sums')
    .values(whereKey(key))
    .onConflict((oc) => oc.columns(['scope', 'subject_id', 'currency', 'day']).doNothing())
    .execute();
  const k = whereKey(key);
  const row = await trx
    .selectFrom('adjustment_day_sums')
    .select(['solo_amount', 'near_line_told_at'])
    .where('scope', '=', k.scope)
    .where('subject_id', '=', k.subject_id)
    .where('currency', '=', k.currency)
    .where('day', '=', k.day)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow();
  return { soloMinor: BigInt(row.solo_amount), isNearLineTold: row.near_line_told_at !== null };
}

/** Adds to a sum whose row the caller holds locked (lockDaySum). */
export async function addToDaySum(
  trx: Queryable,
  key: DaySumKey,
  amountMinor: bigint,
  nearLineToldAt?: Date,
): Promise<void> {
  const k = whereKey(key);
  await trx
    .updateTable('adjustment_day_sums')
    .set({
      solo_amount: sql<string>`solo_amount + ${amountMinor.toString()}::bigint`,
      ...(nearLineToldAt ? { near_line_told_at: nearLineToldAt } : {}),
    })
    .where('scope', '=', k.scope)
    .where('subject_id', '=', k.subject_id)
    .where('currency', '=', k.currency)
    .where('day', '=', k.day)
    .execute();
}
