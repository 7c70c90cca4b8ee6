import type { Claim, QueueName } from '@mekong/contracts/admin/claims';
import type { QueueState } from '@mekong/contracts/admin/deposits';
import type { AppDeps } from '@/app-deps.ts';
import type { Trx } from '@/db/database.ts';
import { pageWindow } from '@/db/paged.ts';
import { AppError } from '@/lib/app-error.ts';
import type { QueueQuery } from '@/lib/queue-query.ts';
import {
  findMembersBySearch,
  listQueueMembers,
  type QueueMemberRow,
} from '@/modules/account/member-lookup.repository.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import { actorOf, type OperatorContext } from '@/modules/operators/operator-auth.service.ts';
import type { WorkClaimsService } from '@/modules/work-claims/work-claims.service.ts';

/** What every money-in queue does alike (docs/back-office/money-in.md): read a page, and decide one item once. */

export type ListBody = {
  state: QueueState;
  search?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  origin?: 'person' | 'system' | undefined;
  page: number;
  limit: number;
};

/** What a queue row is shown with besides itself. */
export type ItemExtras = { claim: Claim | null; member: QueueMemberRow | undefined };

export type Decision = { decidedBy: string; reason: string; now: Date };

/** How a queue's rows name themselves and their member. */
export type RowKeys<R> = { id: (r: R) => string; memberId: (r: R) => string | null };

/** The keys of the deposit module's rows, read as the table's columns. */
export const columnKeys: RowKeys<{ id: string; member_id: string }> = {
  id: (r) => r.id,
  memberId: (r) => r.member_id,
};

/** The audit state after a credit: the row's new status and the transfer that paid it. */
export const creditedAfter = (
  status: string,
  credit: { transferId: string; amountMinor: bigint },
): Record<string, unknown> => ({
  status,
  transferId: credit.transferId,
  creditedMinor: Number(credit.amountMinor),
});

/** What every decision on one kind of row shares: its audit target, how it is locked, and its state before. */
export type DecisionTarget<T> = {
  targetType: string;
  /** Locks the item's row; ITEM_NOT_FOUND, or ITEM_ALREADY_DECIDED when it no longer waits. */
  lock: (trx: Trx, id: string) => Promise<T>;
  before: (item: T) => Record<string, unknown>;
};

/** Makes the decision (the credit through the deposit services); answers the audit action and the state after. */
export type DecisionAct<T> = (
  trx: Trx,
  item: T,
  d: Decision,
) => Promise<{ action: string; after: Record<string, unknown> }>;

export function createQueueKit(deps: Pick<AppDeps, 'db' | 'clock'>, workClaims: WorkClaimsService) {
  const { db, clock } = deps;

  async function itemsOf<R, I>(
    queue: QueueName,
    rows: readonly R[],
    keys: RowKeys<R>,
    toItem: (r: R, x: ItemExtras) => I,
    operatorId: string,
  ): Promise<I[]> {
    const memberIds = rows.map(keys.memberId).filter((id): id is string => id !== null);
    const [members, claims] = await Promise.all([
      listQueueMembers(db.kysely, memberIds),
      workClaims.claimsFor(queue, rows.map(keys.id), operatorId),
    ]);
    return rows.map((r) => {
      const memberId = keys.memberId(r);
      return toItem(r, {
        claim: claims.get(keys.id(r)) ?? null,
        member: memberId ? members.get(memberId) : undefined,
      });
    });
  }

  return {
    /** How the queue finds one of its items, for the claims (a claim of an unknown item is ITEM_NOT_FOUND). */
    knowItems: workClaims.knowItems,

    async queryOf(body: ListBody): Promise<QueueQuery> {
      const text = body.search?.trim();
      const search = text
        ? { text, memberIds: (await findMembersBySearch(db.kysely, text)).map((m) => m.id) }
        : null;
      return {
        state: body.state,
        search,
        from: body.from ? new Date(body.from) : undefined,
        to: body.to ? new Date(body.to) : undefined,
        origin: body.origin,
        ...pageWindow(body),
      };
    },

    /** How many open items a repository's list holds (of one origin, or all): one row is read besides the count. */
    async openCount(
      list: (db: AppDeps['db']['kysely'], q: QueueQuery) => Promise<{ total: number }>,
      origin?: 'person' | 'system',
    ): Promise<number> {
      const query: QueueQuery = { state: 'open', search: null, origin, offset: 0, limit: 1 };
      return (await list(db.kysely, query)).total;
    },

    /** The page's rows with their members and live claims, as items. */
    itemsOf,

    /** A page read by a repository, its rows as items. */
    async pageOf<R, I>(
      queue: QueueName,
      page: { total: number; rows: readonly R[] },
      keys: RowKeys<R>,
      toItem: (r: R, x: ItemExtras) => I,
      operatorId: string,
    ): Promise<{ total: number; rows: I[] }> {
      return { total: page.total, rows: await itemsOf(queue, page.rows, keys, toItem, operatorId) };
    },

    /** One row as its item; ITEM_NOT_FOUND when there is none. */
    async itemOf<R, I>(
      queue: QueueName,
      row: R | undefined,
      keys: RowKeys<R>,
      toItem: (r: R, x: ItemExtras) => I,
      operatorId: string,
    ): Promise<I> {
      const [item] = row ? await itemsOf(queue, [row], keys, toItem, operatorId) : [];
      if (!item) throw new AppError('ITEM_NOT_FOUND');
      return item;
    },

    /**
     * The decisions on the rows of one target. Each is one transaction: the item's row locked and its state checked
     * first (so a second click answers ITEM_ALREADY_DECIDED), then the operator's claim, the decision, its audit
     * record, and the claim ended.
     */
    decider<T>(queue: QueueName, target: DecisionTarget<T>) {
      return async (
        id: string,
        operator: OperatorContext,
        reason: string,
        act: DecisionAct<T>,
      ): Promise<void> => {
        await db.withTransaction(async (trx) => {
          const item = await target.lock(trx, id);
          await workClaims.assertClaimed(trx, queue, id, operator.operatorId);
          const now = clock.now();
          const { action, after } = await act(trx, item, {
            decidedBy: operator.username,
            reason,
            now,
          });
          await recordAudit(
            trx,
            actorOf(operator),
            {
              action,
              targetType: target.targetType,
              targetId: id,
              before: target.before(item),
              after,
              reason,
            },
            now,
          );
          await workClaims.finish(trx, queue, id);
        });
      };
    },
  };
}

export type QueueKit = ReturnType<typeof createQueueKit>;
