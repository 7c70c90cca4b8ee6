import type { Transaction } from 'kysely';
import type { Claim, QueueName } from '@mekong/contracts/admin/claims';
import type { AppDeps } from '@/app-deps.ts';
import type { Database } from '@/db/schema.ts';
import { AppError } from '@/lib/app-error.ts';
import { isUuid } from '@/lib/uuid.ts';
import {
  claimsOf,
  dropClaim,
  findClaim,
  takeClaim,
} from '@/modules/work-claims/work-claims.repository.ts';

/** A claim lasts fifteen minutes (renewed by claiming again); then any operator may take the item. */
export const CLAIM_MS = 15 * 60_000;

/**
 * Claims on queue items, so two operators never work one item (docs/decisions/0014-back-office.md#queues). A decision
 * checks its claim in its own transaction (assertClaimed) and ends it there (release), so the claim and the decision
 * cannot disagree.
 */
export function createWorkClaimsService(deps: AppDeps) {
  const { db, clock } = deps;
  /** How each queue's owner finds one of its items (every item id is a uuid). */
  const finders = new Map<QueueName, (id: string) => Promise<object | null | undefined>>();
  return {
    /** Called by each queue's owner: a claim of an item its queue does not have is ITEM_NOT_FOUND. */
    knowItems(queue: QueueName, find: (id: string) => Promise<object | null | undefined>): void {
      finders.set(queue, find);
    },

    async claim(queue: QueueName, itemId: string, operatorId: string): Promise<Claim> {
      const find = finders.get(queue);
      if (!find || !isUuid(itemId) || !(await find(itemId))) throw new AppError('ITEM_NOT_FOUND');
      const now = clock.now();
      const taken = await takeClaim(db.kysely, {
        queue,
        itemId,
        operatorId,
        now,
        expiresAt: new Date(now.getTime() + CLAIM_MS),
      });
      if (!taken) throw new AppError('ITEM_CLAIMED');
      const row = await findClaim(db.kysely, queue, itemId);
      return {
        queue,
        itemId,
        claimedBy: row?.username ?? '',
        isMine: true,
        expiresAt: taken.expires_at.toISOString(),
      };
    },

    async release(queue: QueueName, itemId: string, operatorId: string): Promise<void> {
      await dropClaim(db.kysely, queue, itemId, operatorId);
    },

    /** In a decision's transaction: the operator holds a live claim on the item, else ITEM_NOT_CLAIMED / ITEM_CLAIMED. */
    async assertClaimed(
      trx: Transaction<Database>,
      queue: QueueName,
      itemId: string,
      operatorId: string,
    ) {
      const row = await findClaim(trx, queue, itemId, { isLocked: true });
      if (!row || row.expires_at <= clock.now()) throw new AppError('ITEM_NOT_CLAIMED');
      if (row.operator_id !== operatorId) throw new AppError('ITEM_CLAIMED');
    },

    /** Ends the claim in the decision's transaction. */
    async finish(trx: Transaction<Database>, queue: QueueName, itemId: string) {
      await dropClaim(trx, queue, itemId);
    },

    /** The live claims of a page of items, for the queue lists. */
    async claimsFor(queue: QueueName, itemIds: readonly string[], operatorId: string) {
      const now = clock.now();
      const rows = await claimsOf(db.kysely, queue, itemIds);
      const map = new Map<string, Claim>();
      for (const r of rows) {
        if (r.expires_at <= now) continue;
        map.set(r.item_id, {
          queue,
          itemId: r.item_id,
          claimedBy: r.username,
          isMine: r.operator_id === operatorId,
          expiresAt: r.expires_at.toISOString(),
        });
      }
      return map;
    },
  };
}

export type WorkClaimsService = ReturnType<typeof createWorkClaimsService>;
