import { randomUUID } from 'node:crypto';
import type { CannedReply } from '@mekong/contracts/admin/chat';
import type { AppDeps } from '@/app-deps.ts';
import type { Trx } from '@/db/database.ts';
import { AppError } from '@/lib/app-error.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import {
  deleteCannedReply,
  findCannedReply,
  insertCannedReply,
  listCannedReplies,
  updateCannedReply,
} from '@/modules/chat/chat-canned.repository.ts';
import { actorOf, type OperatorContext } from '@/modules/operators/operator-auth.service.ts';

type CannedRow = Awaited<ReturnType<typeof listCannedReplies>>[number];
type CannedFields = { title: string; text: string };

const toCanned = (row: CannedRow): CannedReply => ({
  id: row.id,
  title: row.title,
  text: row.text,
  updatedAt: row.updated_at.toISOString(),
});

const TARGET = 'chat_canned_reply';

/** The agents' canned replies; every change is audited in its transaction. */
export function createChatCannedService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  async function found(id: string) {
    const row = await findCannedReply(db.kysely, id);
    if (!row) throw new AppError('ITEM_NOT_FOUND');
    return toCanned(row);
  }

  /** Changes a reply under its row lock and audits it, with the reply as it was, in one transaction. */
  async function changeLocked(
    id: string,
    operator: OperatorContext,
    audit: { action: string; after?: CannedFields },
    change: (trx: Trx, now: Date) => Promise<void>,
  ) {
    await db.withTransaction(async (trx) => {
      const before = await findCannedReply(trx, id, { isLocked: true });
      if (!before) throw new AppError('ITEM_NOT_FOUND');
      const now = clock.now();
      await change(trx, now);
      await recordAudit(
        trx,
        actorOf(operator),
        {
          ...audit,
          targetType: TARGET,
          targetId: id,
          before: { title: before.title, text: before.text },
        },
        now,
      );
    });
  }

  return {
    async list() {
      return { rows: (await listCannedReplies(db.kysely)).map(toCanned) };
    },

    async create(fields: CannedFields, operator: OperatorContext) {
      const id = randomUUID();
      await db.withTransaction(async (trx) => {
        const now = clock.now();
        await insertCannedReply(trx, { id, ...fields, createdBy: operator.operatorId, now });
        await recordAudit(
          trx,
          actorOf(operator),
          { action: 'chat.canned.created', targetType: TARGET, targetId: id, after: fields },
          now,
        );
      });
      return found(id);
    },

    async update(id: string, fields: CannedFields, operator: OperatorContext) {
      await changeLocked(
        id,
        operator,
        { action: 'chat.canned.updated', after: fields },
        (trx, now) => updateCannedReply(trx, id, fields, now),
      );
      return found(id);
    },

    async remove(id: string, operator: OperatorContext) {
      await changeLocked(id, operator, { action: 'chat.canned.deleted' }, (trx) =>
        deleteCannedReply(trx, id),
      );
      return { message: 'OK' as const };
    },
  };
}

export type ChatCannedService = ReturnType<typeof createChatCannedService>;
