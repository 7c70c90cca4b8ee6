import type { AdminChatConversation, AdminChatMessage } from '@mekong/contracts/admin/chat';
import type { ChatMessage, ChatMessageBody } from '@mekong/contracts/chat';
import { isoOrNull } from '@/lib/iso-time.ts';
import type { ConversationView, MessageView } from '@/modules/chat/chat.repository.ts';

/** The conversation's customer as messages name them. */
export type CustomerRef = {
  userId: string | null;
  guestId: string | null;
  username: string | null;
  name: string | null;
};

export function customerOf(view: ConversationView): CustomerRef {
  return {
    userId: view.member_public_id ?? null,
    guestId: view.guest_id,
    username: view.member_phone ?? null,
    name: view.member_name ?? null,
  };
}

export function bodyOf(row: Pick<MessageView, 'message_type' | 'payload'>): ChatMessageBody {
  return { message_type: row.message_type, payload: row.payload } as ChatMessageBody;
}

/** One line for the inbox: the text, or the media's file type. */
export function previewOf(body: ChatMessageBody): string {
  const text = (() => {
    switch (body.message_type) {
      case 'text':
      case 'buttons':
      case 'quick_replies':
        return body.payload.message;
      case 'media':
        return body.payload.message || `[${body.payload.fileType}]`;
      case 'generic':
        return body.payload.elements[0]?.title ?? '';
      case 'postback':
        return body.payload.title;
    }
  })();
  return text.replace(/\s+/g, ' ').trim().slice(0, 120);
}

export function toChatMessage(row: MessageView, customer: CustomerRef): ChatMessage {
  const isCustomer = row.sender === 'customer';
  return {
    _id: row.id,
    clientId: row.client_id,
    sender: isCustomer ? 'customer' : 'other',
    message: bodyOf(row),
    createdAt: row.created_at.toISOString(),
    session_id: row.conversation_id,
    userId: customer.userId,
    guestId: customer.guestId,
    username: customer.username,
    name: isCustomer ? customer.name : (row.operator_name ?? null),
    deviceToken: null,
  };
}

export function toAdminMessage(row: MessageView, customer: CustomerRef): AdminChatMessage {
  return {
    ...toChatMessage(row, customer),
    isPrivateNote: row.is_private_note,
    operator:
      row.operator_id && row.operator_name
        ? { id: row.operator_id, name: row.operator_name }
        : null,
  };
}

export function toAdminConversation(view: ConversationView): AdminChatConversation {
  return {
    id: view.id,
    status: view.status,
    member:
      view.member_id && view.member_public_id
        ? {
            id: view.member_public_id,
            username: view.member_phone ?? '',
            name: view.member_name ?? '',
          }
        : null,
    guestId: view.guest_id,
    assignee:
      view.assignee_operator_id && view.assignee_name
        ? { id: view.assignee_operator_id, name: view.assignee_name }
        : null,
    lastMessageAt: isoOrNull(view.last_message_at),
    lastMessagePreview: view.last_message_preview,
    unreadCount: Number(view.unread_count ?? 0),
    waitingSince: isoOrNull(view.waiting_since),
    customerReadAt: isoOrNull(view.customer_read_at),
    createdAt: view.created_at.toISOString(),
  };
}
