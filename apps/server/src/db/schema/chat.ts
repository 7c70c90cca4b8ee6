import type { ColumnType, Generated } from 'kysely';
import type { Int8, Timestamp } from '@/db/schema/column-types.ts';

/** The support chat's tables (docs/decisions/0015-support-chat.md#storage); the chat module owns them. */
export type ChatConversationsTable = {
  id: string;
  member_id: string | null;
  guest_id: string | null;
  status: ColumnType<'open' | 'pending' | 'resolved', 'open' | 'pending' | 'resolved' | undefined>;
  assignee_operator_id: string | null;
  last_message_at: Timestamp | null;
  last_message_preview: string | null;
  waiting_since: Timestamp | null;
  customer_read_at: Timestamp | null;
  agent_read_at: Timestamp | null;
  merged_into: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type ChatMessagesTable = {
  id: string;
  seq: Generated<Int8>;
  conversation_id: string;
  client_id: string;
  sender: 'customer' | 'agent';
  operator_id: string | null;
  message_type: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  is_private_note: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
};

export type ChatMediaTable = {
  token: string;
  conversation_id: string;
  mime_type: string;
  file_type: 'image' | 'video' | 'file';
  size_bytes: number;
  bytes: Buffer;
  uploaded_by: 'customer' | 'agent';
  created_at: Timestamp;
};

export type ChatCannedRepliesTable = {
  id: string;
  title: string;
  text: string;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};
