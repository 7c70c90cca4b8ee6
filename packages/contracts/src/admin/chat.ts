import { z } from 'zod';
import type { HttpMethod } from '../contract.ts';
import { chatClientIdSchema, chatMessageBodySchema, chatMessageSchema } from '../chat.ts';
import { textSchema } from '../fields.ts';
import { adminCall, idParams, okSchema, pageFields, pageOf } from './admin-contract.ts';

/**
 * The agents' side of the support chat in the back office (docs/decisions/0015-support-chat.md#agents): the inbox,
 * assignment, transfer, status, canned replies, private notes and the slip check of a chat image.
 */

export const CHAT_CONVERSATION_STATUSES = ['open', 'pending', 'resolved'] as const;
export type ChatConversationStatus = (typeof CHAT_CONVERSATION_STATUSES)[number];

const operatorRef = z.object({ id: z.string(), name: z.string() });

/** A call on one conversation: `/api/admin/chat/conversations/:id` or one of its steps (`/send`, `/status`, …). */
function conversationCall<
  TResponse extends z.ZodType,
  TBody extends z.ZodType | undefined = undefined,
>(
  method: HttpMethod,
  step: `/${string}` | '',
  parts: { body?: TBody; response: TResponse; permission: 'chat.read' | 'chat.answer' },
) {
  return adminCall(method, `/api/admin/chat/conversations/:id${step}`, {
    params: idParams,
    ...parts,
  });
}

export const adminChatConversationSchema = z.object({
  id: z.string(),
  status: z.enum(CHAT_CONVERSATION_STATUSES),
  /** The member, or null for a guest's conversation. */
  member: z.object({ id: z.string(), username: z.string(), name: z.string() }).nullable(),
  guestId: z.string().nullable(),
  assignee: operatorRef.nullable(),
  lastMessageAt: z.string().nullable(),
  /** The last message as one line of text (a media message: its file type). */
  lastMessagePreview: z.string().nullable(),
  /** Customer messages the agents have not read. */
  unreadCount: z.number().int(),
  /** Since when the customer has waited for an answer (their oldest unanswered message), or null. */
  waitingSince: z.string().nullable(),
  customerReadAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminChatConversation = z.infer<typeof adminChatConversationSchema>;

/** A message as agents see it: the customer's copy plus private notes and who wrote it. */
export const adminChatMessageSchema = chatMessageSchema.extend({
  isPrivateNote: z.boolean(),
  operator: operatorRef.nullable(),
});
export type AdminChatMessage = z.infer<typeof adminChatMessageSchema>;

export const adminChatListContract = adminCall('POST', '/api/admin/chat/conversations', {
  body: z.strictObject({
    status: z.enum(CHAT_CONVERSATION_STATUSES).optional(),
    /** `mine`: assigned to the caller; `unassigned`: the queue; absent: all. */
    assignee: z.enum(['mine', 'unassigned']).optional(),
    ...pageFields(),
  }),
  response: pageOf(adminChatConversationSchema),
  permission: 'chat.read',
});

export const adminChatGetContract = conversationCall('GET', '', {
  response: adminChatConversationSchema,
  permission: 'chat.read',
});

/** Newest first, pages of `limit`; private notes included. */
export const adminChatMessagesContract = conversationCall('POST', '/messages', {
  body: z.strictObject({
    skip: z.number().int().min(0).max(1_000_000).default(0),
    limit: z.number().int().min(1).max(100).default(30),
  }),
  response: z.object({ messages: z.array(adminChatMessageSchema), total: z.number().int() }),
  permission: 'chat.read',
});

/** An answer (any message type) or, with `isPrivateNote`, a note only agents see. Needs the conversation assigned to the caller. */
export const adminChatSendContract = conversationCall('POST', '/send', {
  body: z.strictObject({
    clientId: chatClientIdSchema,
    message: chatMessageBodySchema,
    isPrivateNote: z.boolean().default(false),
  }),
  response: z.object({ message: adminChatMessageSchema }),
  permission: 'chat.answer',
});

/** Multipart, field `file` (same rules as the customer's upload); answers the media to send. */
export const adminChatUploadContract = conversationCall('POST', '/upload', {
  response: z.object({
    path: z.string(),
    url: z.string(),
    fileType: z.enum(['image', 'video', 'file']),
  }),
  permission: 'chat.answer',
});

/** Takes the oldest waiting unassigned conversation, within the agent's limit; `conversation` null when none waits. */
export const adminChatTakeNextContract = adminCall('POST', '/api/admin/chat/take-next', {
  response: z.object({ conversation: adminChatConversationSchema.nullable() }),
  permission: 'chat.answer',
});

/** Take (operatorId absent: the caller) or transfer to another agent; the receiver must be under their limit. */
export const adminChatAssignContract = conversationCall('POST', '/assign', {
  body: z.strictObject({ operatorId: z.uuid({ error: 'ITEM_NOT_FOUND' }).optional() }),
  response: adminChatConversationSchema,
  permission: 'chat.answer',
});

export const adminChatStatusContract = conversationCall('POST', '/status', {
  body: z.strictObject({
    status: z.enum(CHAT_CONVERSATION_STATUSES, { error: 'INVALID_REQUEST' }),
  }),
  response: adminChatConversationSchema,
  permission: 'chat.answer',
});

export const adminChatReadContract = conversationCall('PUT', '/read', {
  response: z.object({ readAt: z.string() }),
  permission: 'chat.read',
});

/** Agents who may answer, with how many open conversations each holds and the limit (for transfer). */
export const adminChatAgentsContract = adminCall('GET', '/api/admin/chat/agents', {
  response: z.object({
    limit: z.number().int(),
    agents: z.array(operatorRef.extend({ assignedCount: z.number().int(), isOnline: z.boolean() })),
  }),
  permission: 'chat.read',
});

export const cannedReplySchema = z.object({
  id: z.string(),
  title: z.string(),
  text: z.string(),
  updatedAt: z.string(),
});
export type CannedReply = z.infer<typeof cannedReplySchema>;

const cannedBody = z.strictObject({
  title: textSchema('INVALID_REQUEST')
    .trim()
    .min(1, { error: 'INVALID_REQUEST' })
    .max(80, { error: 'INVALID_REQUEST' }),
  text: textSchema('INVALID_REQUEST', '\n').trim().min(1, { error: 'INVALID_REQUEST' }).max(2000, {
    error: 'CHAT_MESSAGE_TOO_LONG',
  }),
});

export const adminChatCannedListContract = adminCall('GET', '/api/admin/chat/canned', {
  response: z.object({ rows: z.array(cannedReplySchema) }),
  permission: 'chat.read',
});
/** Creating and changing a canned reply take the same body and answer the reply as saved. */
const cannedSave = {
  body: cannedBody,
  response: cannedReplySchema,
  permission: 'chat.answer',
} as const;
export const adminChatCannedCreateContract = adminCall(
  'POST',
  '/api/admin/chat/canned',
  cannedSave,
);
export const adminChatCannedUpdateContract = adminCall('PUT', '/api/admin/chat/canned/:id', {
  params: idParams,
  ...cannedSave,
});
export const adminChatCannedDeleteContract = adminCall('DELETE', '/api/admin/chat/canned/:id', {
  params: idParams,
  response: okSchema,
  permission: 'chat.answer',
});

/**
 * Reads a chat image with the slip verifier (the same reader as a member's slip upload) and says what it found and
 * whether that reference was already used; it credits nothing (crediting stays in the money-in queue).
 */
export const adminChatCheckSlipContract = conversationCall('POST', '/check-slip', {
  body: z.strictObject({ path: textSchema('INVALID_REQUEST').min(1).max(200) }),
  response: z.object({
    result: z.enum(['READ', 'NO_QR', 'NOT_SLIP', 'UNREADABLE']),
    reference: z.string().nullable(),
    amountMinor: z.string().nullable(),
    transferredAt: z.string().nullable(),
    senderBank: z.string().nullable(),
    receiverAccount: z.string().nullable(),
    /** An existing slip or deposit with this reference (already credited, or pending), or null. */
    existing: z.object({ kind: z.string(), id: z.string(), status: z.string() }).nullable(),
  }),
  permission: 'chat.read',
});
