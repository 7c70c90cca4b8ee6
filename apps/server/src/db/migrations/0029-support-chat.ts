import { statementsMigration } from '@/db/migrations/run-statements.ts';

// The support chat (docs/decisions/0015-support-chat.md#storage). One conversation per member or per guest; a guest's
// conversation claimed by a member keeps its row (closed, `merged_into` the member's) so its token is refused after.
// Messages carry the sender's own id, unique per conversation: a resend stores nothing. Media bytes live in the
// database so every server process can serve them.
const up = [
  `create table chat_conversations (
    id uuid primary key,
    member_id uuid unique references members (id),
    guest_id text unique,
    status text not null default 'open' check (status in ('open', 'pending', 'resolved')),
    assignee_operator_id uuid references operators (id),
    last_message_at timestamptz,
    last_message_preview text,
    waiting_since timestamptz,
    customer_read_at timestamptz,
    agent_read_at timestamptz,
    merged_into uuid references chat_conversations (id),
    created_at timestamptz not null,
    updated_at timestamptz not null,
    constraint chat_conversations_one_owner check ((member_id is null) <> (guest_id is null))
  )`,
  `create index chat_conversations_queue on chat_conversations (waiting_since, created_at)
    where status = 'open' and assignee_operator_id is null and merged_into is null`,
  `create index chat_conversations_assignee on chat_conversations (assignee_operator_id, status)`,
  `create index chat_conversations_recent on chat_conversations (last_message_at desc nulls last)`,
  `create table chat_messages (
    id uuid primary key,
    seq bigserial not null,
    conversation_id uuid not null references chat_conversations (id),
    client_id text not null,
    sender text not null check (sender in ('customer', 'agent')),
    operator_id uuid references operators (id),
    message_type text not null,
    payload jsonb not null,
    is_private_note boolean not null default false,
    created_at timestamptz not null,
    constraint chat_messages_client_id unique (conversation_id, client_id)
  )`,
  `create index chat_messages_history on chat_messages (conversation_id, created_at desc, seq desc)`,
  `create table chat_media (
    token text primary key,
    conversation_id uuid not null references chat_conversations (id),
    mime_type text not null,
    file_type text not null check (file_type in ('image', 'video', 'file')),
    size_bytes integer not null,
    bytes bytea not null,
    uploaded_by text not null check (uploaded_by in ('customer', 'agent')),
    created_at timestamptz not null
  )`,
  `create index chat_media_conversation on chat_media (conversation_id)`,
  `create table chat_canned_replies (
    id uuid primary key,
    title text not null,
    text text not null,
    created_by uuid references operators (id),
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`,
];

const down = [
  'drop table if exists chat_canned_replies',
  'drop table if exists chat_media',
  'drop table if exists chat_messages',
  'drop table if exists chat_conversations',
];

export const migration0029 = statementsMigration(up, down);
