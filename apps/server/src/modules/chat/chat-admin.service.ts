import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { hasVisibleContent } from '@mekong/contracts/fields';
import type {
  AdminChatConversation,
  ChatConversationStatus,
  adminChatListContract,
  adminChatSendContract,
} from '@mekong/contracts/admin/chat';
import type { AppDeps } from '@/app-deps.ts';
import type { Trx } from '@/db/database.ts';
import { AppError } from '@/lib/app-error.ts';
import { newSecretToken } from '@/lib/secure-random.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import {
  customerOf,
  previewOf,
  toAdminConversation,
  toAdminMessage,
} from '@/modules/chat/chat-answers.ts';
import type { ChatHub } from '@/modules/chat/chat-hub.ts';
import {
  checkMedia,
  MEDIA_PATH_PREFIX,
  MEDIA_URL_PREFIX,
  mediaTokenOf,
} from '@/modules/chat/chat-media.ts';
import { findMedia, insertMedia } from '@/modules/chat/chat-media.repository.ts';
import { announce, roomOfView, withStoredMedia } from '@/modules/chat/chat-messages.ts';
import {
  countAssigned,
  findConversation,
  findConversationView,
  insertMessageOnce,
  listConversationViews,
  listMessages,
  lockAgent,
  lockOldestWaiting,
  updateConversation,
} from '@/modules/chat/chat.repository.ts';
import { actorOf, type OperatorContext } from '@/modules/operators/operator-auth.service.ts';
import { findOperatorById, listOperators } from '@/modules/operators/operator.repository.ts';
import { can } from '@/modules/operators/permissions.ts';
import { findSetting } from '@/modules/settings/settings.repository.ts';
import type { SlipService } from '@/modules/slip/slip.service.ts';

const TARGET = 'chat_conversation';

/**
 * The agents' side of the support chat (docs/decisions/0015-support-chat.md#agents): every change is written with its
 * audit record in one transaction, then announced to the sockets.
 */
export function createChatAdminService(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  hub: ChatHub,
  slips: Pick<SlipService, 'inspect'>,
) {
  async function viewOf(id: string): Promise<AdminChatConversation> {
    const view = await findConversationView(db.kysely, id);
    if (!view || view.merged_into) throw new AppError('CHAT_CONVERSATION_NOT_FOUND');
    return toAdminConversation(view);
  }

  async function lockConversation(trx: Trx, id: string) {
    const conversation = await findConversation(trx, id, { isLocked: true });
    if (!conversation || conversation.merged_into)
      throw new AppError('CHAT_CONVERSATION_NOT_FOUND');
    return conversation;
  }

  async function agentLimit(trx: Trx): Promise<number> {
    return (await findSetting(trx, 'chat'))?.agentLimit ?? 5;
  }

  /** Refuses an agent who already holds their limit of unresolved conversations. */
  async function ensureUnderLimit(trx: Trx, operatorId: string) {
    await lockAgent(trx, operatorId);
    const held = (await countAssigned(trx, [operatorId])).get(operatorId) ?? 0;
    if (held >= (await agentLimit(trx))) throw new AppError('CHAT_AGENT_LIMIT');
  }

  async function announced(id: string): Promise<AdminChatConversation> {
    const view = await announce(db, hub, id);
    if (!view) throw new AppError('CHAT_CONVERSATION_NOT_FOUND');
    return toAdminConversation(view);
  }

  return {
    async list(body: z.output<typeof adminChatListContract.body>, operator: OperatorContext) {
      const { rows, total } = await listConversationViews(
        db.kysely,
        {
          status: body.status,
          assigneeId: body.assignee === 'mine' ? operator.operatorId : undefined,
          isUnassigned: body.assignee === 'unassigned',
        },
        { page: body.page, limit: body.limit },
      );
      return { rows: rows.map(toAdminConversation), total };
    },

    get: viewOf,

    async messages(id: string, page: { skip: number; limit: number }) {
      const view = await findConversationView(db.kysely, id);
      if (!view || view.merged_into) throw new AppError('CHAT_CONVERSATION_NOT_FOUND');
      const { rows, total } = await listMessages(db.kysely, id, { ...page, isNotesIncluded: true });
      const customer = customerOf(view);
      return { messages: rows.map((row) => toAdminMessage(row, customer)), total };
    },

    /** An answer needs the conversation assigned to the caller; a private note any agent may write. */
    async send(
      id: string,
      body: z.output<typeof adminChatSendContract.body>,
      operator: OperatorContext,
    ) {
      if (body.message.message_type === 'text' && !hasVisibleContent(body.message.payload.message))
        throw new AppError('CHAT_MESSAGE_INVALID');
      const { row, isNew } = await db.withTransaction(async (trx) => {
        const now = clock.now();
        const conversation = await lockConversation(trx, id);
        if (!body.isPrivateNote && conversation.assignee_operator_id !== operator.operatorId)
          throw new AppError('CHAT_NOT_ASSIGNED');
        const message = await withStoredMedia(trx, id, body.message);
        const stored = await insertMessageOnce(trx, {
          id: randomUUID(),
          conversationId: id,
          clientId: body.clientId,
          sender: 'agent',
          operatorId: operator.operatorId,
          messageType: message.message_type,
          payload: message.payload,
          isPrivateNote: body.isPrivateNote,
          now,
        });
        if (!stored.isNew) return stored;
        if (!body.isPrivateNote)
          await updateConversation(
            trx,
            id,
            {
              last_message_at: now,
              last_message_preview: previewOf(message),
              waiting_since: null,
              agent_read_at: now,
            },
            now,
          );
        await recordAudit(
          trx,
          actorOf(operator),
          {
            action: body.isPrivateNote ? 'chat.note' : 'chat.answered',
            targetType: TARGET,
            targetId: id,
            after: { messageId: stored.row.id, type: message.message_type },
          },
          now,
        );
        return stored;
      });
      const view = isNew
        ? await announce(db, hub, id, [row])
        : await findConversationView(db.kysely, id);
      if (!view) throw new AppError('CHAT_CONVERSATION_NOT_FOUND');
      return { message: toAdminMessage(row, customerOf(view)) };
    },

    async upload(id: string, bytes: Buffer) {
      const media = await checkMedia(bytes, 'any');
      const token = newSecretToken();
      await db.withTransaction(async (trx) => {
        await lockConversation(trx, id);
        await insertMedia(trx, {
          token,
          conversationId: id,
          ...media,
          bytes,
          uploadedBy: 'agent',
          now: clock.now(),
        });
      });
      return {
        path: `${MEDIA_PATH_PREFIX}${token}`,
        url: `${MEDIA_URL_PREFIX}${token}`,
        fileType: media.fileType,
      };
    },

    /** The oldest waiting conversation nobody holds, within the caller's limit; two agents never get the same one. */
    async takeNext(operator: OperatorContext) {
      const takenId = await db.withTransaction(async (trx) => {
        await ensureUnderLimit(trx, operator.operatorId);
        const next = await lockOldestWaiting(trx);
        if (!next) return null;
        const now = clock.now();
        await updateConversation(trx, next.id, { assignee_operator_id: operator.operatorId }, now);
        await recordAudit(
          trx,
          actorOf(operator),
          {
            action: 'chat.assigned',
            targetType: TARGET,
            targetId: next.id,
            before: { assignee: null },
            after: { assignee: operator.operatorId },
          },
          now,
        );
        return next.id;
      });
      return { conversation: takenId ? await announced(takenId) : null };
    },

    /** Takes a conversation (no operatorId) or transfers it to another agent who may answer and is under the limit. */
    async assign(id: string, operatorId: string | undefined, operator: OperatorContext) {
      const targetId = operatorId ?? operator.operatorId;
      if (targetId !== operator.operatorId) {
        const target = await findOperatorById(db.kysely, targetId);
        if (!target || target.status !== 'active' || !can(target.role, 'chat.answer'))
          throw new AppError('CHAT_AGENT_NOT_FOUND');
      }
      await db.withTransaction(async (trx) => {
        const conversation = await lockConversation(trx, id);
        const before = conversation.assignee_operator_id;
        if (before === targetId) return;
        await ensureUnderLimit(trx, targetId);
        const now = clock.now();
        await updateConversation(trx, id, { assignee_operator_id: targetId }, now);
        await recordAudit(
          trx,
          actorOf(operator),
          {
            action: before ? 'chat.transferred' : 'chat.assigned',
            targetType: TARGET,
            targetId: id,
            before: { assignee: before },
            after: { assignee: targetId },
          },
          now,
        );
      });
      return announced(id);
    },

    async status(id: string, status: ChatConversationStatus, operator: OperatorContext) {
      await db.withTransaction(async (trx) => {
        const conversation = await lockConversation(trx, id);
        if (conversation.status === status) return;
        const now = clock.now();
        await updateConversation(
          trx,
          id,
          { status, ...(status === 'resolved' ? { waiting_since: null } : {}) },
          now,
        );
        await recordAudit(
          trx,
          actorOf(operator),
          {
            action: 'chat.status',
            targetType: TARGET,
            targetId: id,
            before: { status: conversation.status },
            after: { status },
          },
          now,
        );
      });
      return announced(id);
    },

    /** The agents' shared read mark; the customer sees it. */
    async read(id: string) {
      const now = clock.now();
      const view = await findConversationView(db.kysely, id);
      if (!view || view.merged_into) throw new AppError('CHAT_CONVERSATION_NOT_FOUND');
      await updateConversation(db.kysely, id, { agent_read_at: now }, now);
      hub.toCustomer(roomOfView(view), 'read', { side: 'agent', at: now.toISOString() });
      await announce(db, hub, id);
      return { readAt: now.toISOString() };
    },

    async agents() {
      const [operators, online, limit] = await Promise.all([
        listOperators(db.kysely),
        hub.onlineAgentIds(),
        findSetting(db.kysely, 'chat').then((s) => s?.agentLimit ?? 5),
      ]);
      const answering = operators.filter(
        (o) => o.status === 'active' && can(o.role, 'chat.answer'),
      );
      const counts = await countAssigned(
        db.kysely,
        answering.length > 0 ? answering.map((o) => o.id) : undefined,
      );
      return {
        limit,
        agents: answering.map((o) => ({
          id: o.id,
          name: o.display_name,
          assignedCount: counts.get(o.id) ?? 0,
          isOnline: online.has(o.id),
        })),
      };
    },

    /** Reads a chat image with the slip reader; credits nothing, and is audited. */
    async checkSlip(id: string, path: string, operator: OperatorContext) {
      const token = mediaTokenOf(path);
      const media = token ? await findMedia(db.kysely, token) : undefined;
      if (!media || media.conversation_id !== id || media.file_type !== 'image')
        throw new AppError('CHAT_MEDIA_NOT_FOUND');
      const result = await slips.inspect(media.bytes);
      await db.withTransaction(async (trx) => {
        await lockConversation(trx, id);
        await recordAudit(
          trx,
          actorOf(operator),
          {
            action: 'chat.slip-checked',
            targetType: TARGET,
            targetId: id,
            after: {
              path,
              result: result.result,
              reference: result.reference,
              existing: result.existing,
            },
          },
          clock.now(),
        );
      });
      return result;
    },
  };
}

export type ChatAdminService = ReturnType<typeof createChatAdminService>;
