import { sql, type Kysely, type Transaction } from 'kysely';
import type { ChatConversationStatus } from '@mekong/contracts/admin/chat';
import { lockedIf } from '@/db/lockable.ts';
import { pageWindow, readPage } from '@/db/paged.ts';
import type { Database } from '@/db/schema.ts';

type Q = Kysely<Database> | Transaction<Database>;

/** Who a conversation belongs to: a member (internal id) or a guest. */
export type ChatOwner = { memberId: string } | { guestId: string };

/** Conversations with their member and assignee joined (at most one of each), before any select. */
function conversationRows(db: Q) {
  return db
    .selectFrom('chat_conversations as c')
    .leftJoin('members as m', 'm.id', 'c.member_id')
    .leftJoin('operators as o', 'o.id', 'c.assignee_operator_id');
}

/** A conversation with what its answers show: the member's public id and names, the assignee's name. */
function selectConversationView(rows: ReturnType<typeof conversationRows>) {
  return rows.selectAll('c').select((eb) => [
    'm.public_id as member_public_id',
    'm.name as member_name',
    'm.phone as member_phone',
    'o.display_name as assignee_name',
    eb
      .selectFrom('chat_messages as u')
      .select((u) => u.fn.countAll<string | number>().as('n'))
      .whereRef('u.conversation_id', '=', 'c.id')
      .where('u.sender', '=', 'customer')
      .where((u) =>
        u.or([u('c.agent_read_at', 'is', null), u('u.created_at', '>', u.ref('c.agent_read_at'))]),
      )
      .as('unread_count'),
  ]);
}

export function conversationViews(db: Q) {
  return selectConversationView(conversationRows(db));
}

export type ConversationView = NonNullable<
  Awaited<ReturnType<ReturnType<typeof conversationViews>['executeTakeFirst']>>
>;

export function findConversationView(db: Q, id: string) {
  return conversationViews(db).where('c.id', '=', id).executeTakeFirst();
}

export function findConversationByOwner(db: Q, owner: ChatOwner) {
  const query = db.selectFrom('chat_conversations').selectAll();
  return (
    'memberId' in owner
      ? query.where('member_id', '=', owner.memberId)
      : query.where('guest_id', '=', owner.guestId)
  ).executeTakeFirst();
}

export function findConversation(db: Q, id: string, options: { isLocked?: boolean } = {}) {
  const query = db.selectFrom('chat_conversations').selectAll().where('id', '=', id);
  return lockedIf(query, options, 'update').executeTakeFirst();
}

/** The owner's conversation, made when missing, locked for the rest of the transaction. */
export async function ensureConversation(
  trx: Transaction<Database>,
  owner: ChatOwner,
  id: string,
  now: Date,
) {
  await trx
    .insertInto('chat_conversations')
    .values({
      id,
      member_id: 'memberId' in owner ? owner.memberId : null,
      guest_id: 'guestId' in owner ? owner.guestId : null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const query = trx.selectFrom('chat_conversations').selectAll().forUpdate();
  return (
    'memberId' in owner
      ? query.where('member_id', '=', owner.memberId)
      : query.where('guest_id', '=', owner.guestId)
  ).executeTakeFirstOrThrow();
}

export type ConversationPatch = Partial<{
  status: ChatConversationStatus;
  assignee_operator_id: string | null;
  last_message_at: Date;
  last_message_preview: string;
  waiting_since: Date | null;
  customer_read_at: Date;
  agent_read_at: Date;
  merged_into: string;
}>;

export async function updateConversation(db: Q, id: string, patch: ConversationPatch, now: Date) {
  await db
    .updateTable('chat_conversations')
    .set({ ...patch, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export type ConversationFilter = {
  status?: ChatConversationStatus;
  assigneeId?: string;
  isUnassigned?: boolean;
};

export async function listConversationViews(
  db: Q,
  filter: ConversationFilter,
  page: { page: number; limit: number },
) {
  let base = conversationRows(db).where('c.merged_into', 'is', null);
  if (filter.status) base = base.where('c.status', '=', filter.status);
  if (filter.assigneeId) base = base.where('c.assignee_operator_id', '=', filter.assigneeId);
  if (filter.isUnassigned) base = base.where('c.assignee_operator_id', 'is', null);
  return readPage(
    base,
    (b) =>
      selectConversationView(b)
        .orderBy(sql`c.waiting_since asc nulls last`)
        .orderBy(sql`c.last_message_at desc nulls last`)
        .orderBy('c.id'),
    pageWindow(page),
  );
}

/** The oldest waiting conversation nobody has, locked; another agent's take skips it rather than waits. */
export function lockOldestWaiting(trx: Transaction<Database>) {
  return trx
    .selectFrom('chat_conversations')
    .select('id')
    .where('status', '=', 'open')
    .where('assignee_operator_id', 'is', null)
    .where('merged_into', 'is', null)
    .orderBy(sql`waiting_since asc nulls last`)
    .orderBy('created_at')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

/** Serializes one agent's assignments (take, transfer to them) until the transaction ends. */
export async function lockAgent(trx: Transaction<Database>, operatorId: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${`chat-agent:${operatorId}`}))`.execute(trx);
}

/** Conversations an agent holds that are not resolved, per agent. */
export async function countAssigned(db: Q, operatorIds?: string[]): Promise<Map<string, number>> {
  let query = db
    .selectFrom('chat_conversations')
    .select((eb) => ['assignee_operator_id', eb.fn.countAll<string | number>().as('n')])
    .where('assignee_operator_id', 'is not', null)
    .where('status', '<>', 'resolved')
    .where('merged_into', 'is', null)
    .groupBy('assignee_operator_id');
  if (operatorIds) query = query.where('assignee_operator_id', 'in', operatorIds);
  const rows = await query.execute();
  return new Map(rows.map((r) => [r.assignee_operator_id ?? '', Number(r.n)]));
}

export type NewMessage = {
  id: string;
  conversationId: string;
  clientId: string;
  sender: 'customer' | 'agent';
  operatorId: string | null;
  messageType: string;
  payload: Record<string, unknown>;
  isPrivateNote: boolean;
  now: Date;
};

/** Messages with their operator joined (at most one), before any select. */
function messageRows(db: Q) {
  return db
    .selectFrom('chat_messages as msg')
    .leftJoin('operators as o', 'o.id', 'msg.operator_id');
}

function selectMessageView(rows: ReturnType<typeof messageRows>) {
  return rows.selectAll('msg').select('o.display_name as operator_name');
}

function messageViews(db: Q) {
  return selectMessageView(messageRows(db));
}

export type MessageView = NonNullable<
  Awaited<ReturnType<ReturnType<typeof messageViews>['executeTakeFirst']>>
>;

/** Stores a message once per client id: a resend answers the stored one (`isNew` false). */
export async function insertMessageOnce(trx: Transaction<Database>, message: NewMessage) {
  const inserted = await trx
    .insertInto('chat_messages')
    .values({
      id: message.id,
      conversation_id: message.conversationId,
      client_id: message.clientId,
      sender: message.sender,
      operator_id: message.operatorId,
      message_type: message.messageType,
      payload: JSON.stringify(message.payload),
      is_private_note: message.isPrivateNote,
      created_at: message.now,
    })
    .onConflict((oc) => oc.columns(['conversation_id', 'client_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  const row = await messageViews(trx)
    .where('msg.conversation_id', '=', message.conversationId)
    .where('msg.client_id', '=', message.clientId)
    .executeTakeFirstOrThrow();
  return { row, isNew: inserted !== undefined };
}

export async function listMessages(
  db: Q,
  conversationIds: string,
  page: { skip: number; limit: number; isNotesIncluded: boolean },
) {
  let base = messageRows(db).where('msg.conversation_id', '=', conversationIds);
  if (!page.isNotesIncluded) base = base.where('msg.is_private_note', '=', false);
  return readPage(
    base,
    (b) => selectMessageView(b).orderBy('msg.created_at', 'desc').orderBy('msg.seq', 'desc'),
    { offset: page.skip, limit: page.limit },
  );
}

/**
 * Moves a guest's messages and media into a member's conversation and closes the guest's (docs/decisions/0015
 * -support-chat.md#identities). A message whose client id the member's conversation already has stays behind.
 */
export async function mergeConversation(
  trx: Transaction<Database>,
  fromId: string,
  intoId: string,
  now: Date,
) {
  const moved = await trx
    .updateTable('chat_messages')
    .set({ conversation_id: intoId })
    .where('conversation_id', '=', fromId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('chat_messages as kept')
            .select('kept.id')
            .where('kept.conversation_id', '=', intoId)
            .whereRef('kept.client_id', '=', 'chat_messages.client_id'),
        ),
      ),
    )
    .returning('id')
    .execute();
  await trx
    .updateTable('chat_media')
    .set({ conversation_id: intoId })
    .where('conversation_id', '=', fromId)
    .execute();
  await updateConversation(
    trx,
    fromId,
    { merged_into: intoId, status: 'resolved', assignee_operator_id: null },
    now,
  );
  return moved.map((r) => r.id);
}

export function findMessagesByIds(db: Q, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return messageViews(db)
    .where('msg.id', 'in', ids)
    .orderBy('msg.created_at')
    .orderBy('msg.seq')
    .execute();
}

/** The newest message a conversation has (after a merge, for its summary). */
export function findLastMessage(db: Q, conversationId: string) {
  return messageViews(db)
    .where('msg.conversation_id', '=', conversationId)
    .where('msg.is_private_note', '=', false)
    .orderBy('msg.created_at', 'desc')
    .orderBy('msg.seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}
