import type { ChatMessageBody } from '@mekong/contracts/chat';
import type { Db, Trx } from '@/db/database.ts';
import { AppError } from '@/lib/app-error.ts';
import {
  customerOf,
  toAdminConversation,
  toAdminMessage,
  toChatMessage,
} from '@/modules/chat/chat-answers.ts';
import type { ChatHub } from '@/modules/chat/chat-hub.ts';
import { CHAT_ROOM_PREFIX } from '@/modules/chat/chat-identity.ts';
import { MEDIA_URL_PREFIX, mediaTokenOf } from '@/modules/chat/chat-media.ts';
import { findMediaInfo } from '@/modules/chat/chat-media.repository.ts';
import {
  findConversationView,
  type ConversationView,
  type MessageView,
} from '@/modules/chat/chat.repository.ts';

/** The customer's room of a conversation. */
export function roomOfView(view: Pick<ConversationView, 'member_public_id' | 'guest_id'>): string {
  return CHAT_ROOM_PREFIX + (view.member_public_id ?? view.guest_id ?? '');
}

/**
 * A media message may only name media uploaded into the same conversation; its address and file type are the stored
 * ones, whatever the sender wrote (docs/decisions/0015-support-chat.md#storage).
 */
export async function withStoredMedia(
  trx: Trx,
  conversationId: string,
  body: ChatMessageBody,
): Promise<ChatMessageBody> {
  if (body.message_type !== 'media') return body;
  const token = mediaTokenOf(body.payload.filePath);
  const media = token ? await findMediaInfo(trx, token, conversationId) : undefined;
  if (!media) throw new AppError('CHAT_MEDIA_NOT_FOUND');
  return {
    message_type: 'media',
    payload: {
      ...(body.payload.message ? { message: body.payload.message } : {}),
      url: `${MEDIA_URL_PREFIX}${media.token}`,
      fileType: media.file_type,
      filePath: body.payload.filePath,
    },
  };
}

/**
 * Tells everyone concerned about a committed change: the message to the customer's room (never a private note) and
 * the watching agents, the conversation's summary to every agent. Answers the conversation as it now is.
 */
export async function announce(
  db: Db,
  hub: ChatHub,
  conversationId: string,
  messages: MessageView[] = [],
): Promise<ConversationView | undefined> {
  const view = await findConversationView(db.kysely, conversationId);
  if (!view) return undefined;
  const customer = customerOf(view);
  for (const message of messages) {
    if (!message.is_private_note)
      hub.toCustomer(roomOfView(view), 'messaging', toChatMessage(message, customer));
    hub.toWatchers(conversationId, 'messaging', toAdminMessage(message, customer));
  }
  hub.toAgents(toAdminConversation(view));
  return view;
}
