import { randomUUID } from 'node:crypto';
import type {
  ChatMessage,
  ChatMessageBody,
  chatHistory,
  chatSendMessage,
} from '@mekong/contracts/chat';
import type { z } from 'zod';
import { hasVisibleContent } from '@mekong/contracts/fields';
import type { AppDeps } from '@/app-deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { newSecretToken } from '@/lib/secure-random.ts';
import { customerOf, previewOf, toChatMessage } from '@/modules/chat/chat-answers.ts';
import type { ChatHub } from '@/modules/chat/chat-hub.ts';
import {
  CHAT_ROOM_PREFIX,
  ownerOf,
  roomOf,
  senderOf,
  type ChatIdentities,
  type ChatIdentity,
} from '@/modules/chat/chat-identity.ts';
import { newGuestId } from '@/modules/chat/chat-guest-token.ts';
import type { ChatLimits } from '@/modules/chat/chat-limits.ts';
import {
  checkMedia,
  MEDIA_PATH_PREFIX,
  MEDIA_TOKEN,
  MEDIA_URL_PREFIX,
  type UploadKind,
} from '@/modules/chat/chat-media.ts';
import { findMedia, insertMedia } from '@/modules/chat/chat-media.repository.ts';
import { announce, withStoredMedia } from '@/modules/chat/chat-messages.ts';
import {
  ensureConversation,
  findConversationByOwner,
  findConversationView,
  findLastMessage,
  insertMessageOnce,
  listMessages,
  mergeConversation,
  updateConversation,
  findMessagesByIds,
} from '@/modules/chat/chat.repository.ts';

/** The types a customer may send (docs/decisions/0015-support-chat.md#calls); agents send every type. */
const CUSTOMER_TYPES = new Set<ChatMessageBody['message_type']>(['text', 'media', 'postback']);

type OwnerFields = { userId?: string | null | undefined; guestId?: string | null | undefined };

/** Ids a body repeats must be the caller's own; the conversation always comes from the identity. */
function checkOwnerFields(identity: ChatIdentity, fields: OwnerFields) {
  const own =
    identity.kind === 'member'
      ? { userId: identity.publicId, guestId: null }
      : { userId: null, guestId: identity.guestId };
  for (const key of ['userId', 'guestId'] as const) {
    const given = fields[key];
    if (given !== undefined && given !== null && given !== '' && given !== own[key])
      throw new AppError('CHAT_FORBIDDEN');
  }
}

/** Empty, or only white space and invisible characters (zero-width space, Hangul fillers: contracts' fields.ts). */
const isBlankText = (body: ChatMessageBody) =>
  body.message_type === 'text' && !hasVisibleContent(body.payload.message);

/** The customers' side of the support chat: guests and members (docs/decisions/0015-support-chat.md). */
export function createChatService(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  identities: ChatIdentities,
  limits: ChatLimits,
  hub: ChatHub,
) {
  /** A guest whose conversation a member claimed can no longer write. */
  function refuseMerged(conversation: { merged_into: string | null } | undefined) {
    if (conversation?.merged_into) throw new AppError('CHAT_GUEST_INVALID');
  }

  return {
    async config() {
      return { PREFIX: CHAT_ROOM_PREFIX, enabled: await identities.isEnabled() };
    },

    async newGuest(ip: string) {
      await limits.newGuest(ip);
      const guestId = newGuestId();
      return { guestId, guestToken: identities.guestTokens.sign(guestId, clock.now()) };
    },

    async send(
      identity: ChatIdentity,
      body: z.output<typeof chatSendMessage.body>,
    ): Promise<{ timestamp: string; message: ChatMessage }> {
      checkOwnerFields(identity, body);
      if (!CUSTOMER_TYPES.has(body.message.message_type))
        throw new AppError('CHAT_MESSAGE_INVALID');
      const now = clock.now();
      // An empty text is answered but never stored (docs/spec.md §2).
      if (isBlankText(body.message))
        return {
          timestamp: now.toISOString(),
          message: {
            _id: '',
            clientId: body.clientId,
            sender: 'customer',
            message: body.message,
            createdAt: now.toISOString(),
            session_id: '',
            userId: identity.kind === 'member' ? identity.publicId : null,
            guestId: identity.kind === 'guest' ? identity.guestId : null,
            username: null,
            name: null,
            deviceToken: null,
          },
        };
      await limits.message(senderOf(identity));
      const { row, isNew } = await db.withTransaction(async (trx) => {
        const conversation = await ensureConversation(trx, ownerOf(identity), randomUUID(), now);
        refuseMerged(conversation);
        const message = await withStoredMedia(trx, conversation.id, body.message);
        const stored = await insertMessageOnce(trx, {
          id: randomUUID(),
          conversationId: conversation.id,
          clientId: body.clientId,
          sender: 'customer',
          operatorId: null,
          messageType: message.message_type,
          payload: message.payload,
          isPrivateNote: false,
          now,
        });
        if (stored.isNew)
          await updateConversation(
            trx,
            conversation.id,
            {
              status: 'open',
              last_message_at: now,
              last_message_preview: previewOf(message),
              waiting_since: conversation.waiting_since ?? now,
            },
            now,
          );
        return stored;
      });
      const view = isNew
        ? await announce(db, hub, row.conversation_id, [row])
        : await findConversationView(db.kysely, row.conversation_id);
      if (!view) throw new Error(`chat conversation ${row.conversation_id} vanished`);
      return {
        timestamp: row.created_at.toISOString(),
        message: toChatMessage(row, customerOf(view)),
      };
    },

    async history(identity: ChatIdentity, body: z.output<typeof chatHistory.body>) {
      checkOwnerFields(identity, body);
      const conversation = await findConversationByOwner(db.kysely, ownerOf(identity));
      refuseMerged(conversation);
      if (!conversation) return { messages: [], total: 0, agentReadAt: null };
      const [view, page] = await Promise.all([
        findConversationView(db.kysely, conversation.id),
        listMessages(db.kysely, conversation.id, {
          skip: body.skip,
          limit: body.limit,
          isNotesIncluded: false,
        }),
      ]);
      if (!view) throw new Error(`chat conversation ${conversation.id} vanished`);
      const customer = customerOf(view);
      return {
        messages: page.rows.map((row) => toChatMessage(row, customer)),
        total: page.total,
        agentReadAt: view.agent_read_at?.toISOString() ?? null,
      };
    },

    async upload(identity: ChatIdentity, bytes: Buffer, kind: UploadKind) {
      await limits.upload(senderOf(identity));
      const media = await checkMedia(bytes, kind);
      const token = newSecretToken();
      await db.withTransaction(async (trx) => {
        const now = clock.now();
        const conversation = await ensureConversation(trx, ownerOf(identity), randomUUID(), now);
        refuseMerged(conversation);
        await insertMedia(trx, {
          token,
          conversationId: conversation.id,
          ...media,
          bytes,
          uploadedBy: 'customer',
          now,
        });
      });
      return {
        path: `${MEDIA_PATH_PREFIX}${token}`,
        url: `${MEDIA_URL_PREFIX}${token}`,
        fileType: media.fileType,
      };
    },

    async readCustomer(identity: ChatIdentity, fields: OwnerFields) {
      checkOwnerFields(identity, fields);
      const now = clock.now();
      const conversation = await findConversationByOwner(db.kysely, ownerOf(identity));
      refuseMerged(conversation);
      if (conversation) {
        await updateConversation(db.kysely, conversation.id, { customer_read_at: now }, now);
        hub.toWatchers(conversation.id, 'read', { side: 'customer', at: now.toISOString() });
        await announce(db, hub, conversation.id);
      }
      return { readAt: now.toISOString() };
    },

    /** Moves a guest's conversation into the member's (one transaction); a repeated claim moves nothing. */
    async claimGuest(identity: ChatIdentity, guestToken: string) {
      if (identity.kind !== 'member') throw new AppError('CHAT_UNAUTHORIZED');
      const guest = identities.guest(guestToken);
      if (guest.kind !== 'guest') throw new AppError('CHAT_GUEST_INVALID');
      const result = await db.withTransaction(async (trx) => {
        const now = clock.now();
        const into = await ensureConversation(
          trx,
          { memberId: identity.memberId },
          randomUUID(),
          now,
        );
        const from = await findConversationByOwner(trx, { guestId: guest.guestId });
        if (!from) return null;
        if (from.merged_into) {
          if (from.merged_into === into.id) return null;
          throw new AppError('CHAT_GUEST_INVALID');
        }
        const moved = await mergeConversation(trx, from.id, into.id, now);
        const last = await findLastMessage(trx, into.id);
        const waiting = [into.waiting_since, from.waiting_since].filter(
          (d): d is Date => d !== null,
        );
        await updateConversation(
          trx,
          into.id,
          {
            ...(last
              ? {
                  last_message_at: last.created_at,
                  last_message_preview: previewOf({
                    message_type: last.message_type,
                    payload: last.payload,
                  } as ChatMessageBody),
                }
              : {}),
            ...(waiting.length > 0
              ? {
                  waiting_since: new Date(Math.min(...waiting.map((d) => d.getTime()))),
                  status: 'open' as const,
                }
              : {}),
          },
          now,
        );
        return { moved, intoId: into.id, fromId: from.id };
      });
      if (!result) return { moved: 0 };
      await announce(db, hub, result.intoId, await findMessagesByIds(db.kysely, result.moved));
      await announce(db, hub, result.fromId);
      return { moved: result.moved.length };
    },

    async media(token: string) {
      const media = MEDIA_TOKEN.test(token) ? await findMedia(db.kysely, token) : undefined;
      if (!media) throw new AppError('CHAT_MEDIA_NOT_FOUND');
      return { type: media.mime_type, bytes: media.bytes };
    },

    roomOf,
  };
}

export type ChatService = ReturnType<typeof createChatService>;
