import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Role } from '@mekong/contracts/admin/admin-contract';
import type { Notice, NoticeKind, NoticeParams } from '@mekong/contracts/admin/notices';
import type { Clock } from '@/lib/clock.ts';
import type { Database } from '@/db/schema.ts';
import { activeOperatorIdsOfRoles } from '@/modules/operators/operator.repository.ts';
import * as repo from '@/modules/operator-notices/operator-notices.repository.ts';

/** How many notices the back office shows; older ones stay in the table (and the audit trail says the rest). */
const SHOWN = 50;

export type NoticeSent = { kind: NoticeKind; params: NoticeParams };

/**
 * Tells these operators, in the caller's transaction, so a notice exists exactly when the change it tells about does
 * (docs/back-office/notices.md).
 */
export async function notifyOperators(
  trx: Transaction<Database>,
  operatorIds: readonly string[],
  notice: NoticeSent,
  at: Date,
): Promise<void> {
  const params = JSON.stringify(notice.params);
  await repo.insertNotices(
    trx,
    [...new Set(operatorIds)].map((operatorId) => ({
      id: randomUUID(),
      operatorId,
      kind: notice.kind,
      params,
      at,
    })),
  );
}

/** Tells every active operator of these roles (owners, by default). */
export async function notifyRoles(
  trx: Transaction<Database>,
  notice: NoticeSent,
  at: Date,
  roles: readonly Role[] = ['owner'],
): Promise<void> {
  await notifyOperators(trx, await activeOperatorIdsOfRoles(trx, roles), notice, at);
}

export function createOperatorNoticesService(db: Kysely<Database>, clock: Clock) {
  return {
    async list(operatorId: string): Promise<{ rows: Notice[]; unread: number }> {
      const [rows, unread] = await Promise.all([
        repo.listNotices(db, operatorId, SHOWN),
        repo.countUnread(db, operatorId),
      ]);
      return {
        unread,
        rows: rows.map((r) => ({
          id: r.id,
          kind: r.kind as NoticeKind,
          params: r.params as NoticeParams,
          createdAt: r.created_at.toISOString(),
          readAt: r.read_at?.toISOString() ?? null,
        })),
      };
    },
    async markRead(operatorId: string): Promise<void> {
      await repo.markAllRead(db, operatorId, clock.now());
    },
  };
}
export type OperatorNoticesService = ReturnType<typeof createOperatorNoticesService>;
