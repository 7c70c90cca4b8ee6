import { sql, type Kysely, type Transaction } from 'kysely';
import { lockedIf } from '@/db/lockable.ts';
import type { Database } from '@/db/schema.ts';

type Q = Kysely<Database> | Transaction<Database>;

/** Takes the item for the operator unless another operator holds a claim that has not expired. */
export function takeClaim(
  db: Q,
  claim: { queue: string; itemId: string; operatorId: string; now: Date; expiresAt: Date },
) {
  return db
    .insertInto('work_claims')
    .values({
      queue: claim.queue,
      item_id: claim.itemId,
      operator_id: claim.operatorId,
      claimed_at: claim.now,
      expires_at: claim.expiresAt,
    })
    .onConflict((oc) =>
      oc
        .columns(['queue', 'item_id'])
        .doUpdateSet({
          operator_id: claim.operatorId,
          claimed_at: sql`case when work_claims.operator_id = ${claim.operatorId} then work_claims.claimed_at else ${claim.now}::timestamptz end`,
          expires_at: claim.expiresAt,
        })
        .where((eb) =>
          eb.or([
            eb('work_claims.operator_id', '=', claim.operatorId),
            eb('work_claims.expires_at', '<=', claim.now),
          ]),
        ),
    )
    .returning(['queue', 'item_id', 'operator_id', 'expires_at'])
    .executeTakeFirst();
}

export function findClaim(
  db: Q,
  queue: string,
  itemId: string,
  options: { isLocked?: boolean } = {},
) {
  const query = db
    .selectFrom('work_claims as c')
    .innerJoin('operators as o', 'o.id', 'c.operator_id')
    .select(['c.queue', 'c.item_id', 'c.operator_id', 'c.expires_at', 'o.username'])
    .where('c.queue', '=', queue)
    .where('c.item_id', '=', itemId);
  return lockedIf(query, options, 'update').executeTakeFirst();
}

export function dropClaim(db: Q, queue: string, itemId: string, operatorId?: string) {
  let query = db.deleteFrom('work_claims').where('queue', '=', queue).where('item_id', '=', itemId);
  if (operatorId) query = query.where('operator_id', '=', operatorId);
  return query.execute();
}

export function claimsOf(db: Q, queue: string, itemIds: readonly string[]) {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('work_claims as c')
    .innerJoin('operators as o', 'o.id', 'c.operator_id')
    .select(['c.item_id', 'c.operator_id', 'c.expires_at', 'o.username'])
    .where('c.queue', '=', queue)
    .where('c.item_id', 'in', [...itemIds])
    .execute();
}
