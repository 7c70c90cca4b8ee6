import { z } from 'zod';
import { PAGE_SIZE } from './constants.ts';
import { defineContract } from './contract.ts';
import { isStorableText, textSchema } from './fields.ts';

/**
 * The support chat of guests and members (docs/spec.md §2 "Support chat", §4 Chat, §7 Chat; docs/decisions/0015-support-chat.md).
 * Every call is made by a member (Bearer token) or a guest (the `x-chat-guest` header with the server-signed guest
 * token); the server takes the conversation from that identity, never from the body.
 */

export const CHAT_MESSAGE_MAX_CHARACTERS = 2000;
export const CHAT_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const CHAT_VIDEO_MAX_BYTES = 20 * 1024 * 1024;
export const CHAT_UPLOAD_TIMEOUT_MS = 300_000;
export const CHAT_FILE_FIELD = 'file';
/** How often a guest's client re-joins a dropped socket (spec §7), and a member's reconnect delay. */
export const CHAT_GUEST_REJOIN_MS = 5000;
export const CHAT_MEMBER_RECONNECT_MS = 500;
export const CHAT_READ_DEBOUNCE_MS = 1000;
export const CHAT_ALERT_MS = 4000;
/** The header that carries a guest's token on the chat calls. */
export const CHAT_GUEST_HEADER = 'x-chat-guest';
/** File endings the picker accepts (spec §5); the server checks the bytes too. */
export const CHAT_FILE_EXTENSIONS = ['mp4', 'mov', 'png', 'jpeg', 'jpg', 'gif'] as const;
export const CHAT_IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;
export const CHAT_VIDEO_MIME_TYPES = ['video/mp4', 'video/quicktime'] as const;
/** Socket.IO namespaces and events (docs/decisions/0015-support-chat.md#socket). */
export const CHAT_SOCKET = {
  path: '/socket.io',
  customerNamespace: '/chat',
  agentNamespace: '/chat-agents',
  /** server → client: one stored message (`ChatMessage`; agents also get private notes). */
  messaging: 'messaging',
  /** server → client: the other side read up to `at` ({ side, at }). */
  read: 'read',
  /** both ways: { isTyping } from a customer, { conversationId, isTyping, side } to agents and customers. */
  typing: 'typing',
  /** server → agents: a conversation's summary changed (`AdminChatConversation`). */
  conversation: 'conversation',
  /** agent → server: watch one conversation's messages ({ conversationId }, acknowledged with { ok, code? }). */
  watch: 'watch',
  unwatch: 'unwatch',
} as const;

export const CHAT_MESSAGE_TYPES = [
  'text',
  'buttons',
  'media',
  'quick_replies',
  'generic',
  'postback',
] as const;
export type ChatMessageType = (typeof CHAT_MESSAGE_TYPES)[number];
export const CHAT_FILE_TYPES = ['image', 'video', 'file'] as const;
/** The sender's optimistic copy before the stored one arrives (spec §3). */
export const CHAT_DELIVERY_STATUSES = ['uploading_file', 'sending', 'failed', 'succeed'] as const;
export type ChatDeliveryStatus = (typeof CHAT_DELIVERY_STATUSES)[number];

/** Well-formed, without control characters (fields.ts) except line feed: a chat text may have several lines. */
const isChatText = (text: string) => isStorableText(text, '\n');

/** A message text: line feeds allowed, other control characters refused, at most 2000 characters. */
export const chatTextSchema = z
  .string({ error: 'CHAT_MESSAGE_INVALID' })
  .refine(isChatText, { error: 'INVALID_CHARACTERS', abort: true })
  .max(CHAT_MESSAGE_MAX_CHARACTERS, { error: 'CHAT_MESSAGE_TOO_LONG' });

const shortText = (max: number) =>
  z
    .string({ error: 'CHAT_MESSAGE_INVALID' })
    .refine(isChatText, { error: 'INVALID_CHARACTERS', abort: true })
    .min(1, { error: 'CHAT_MESSAGE_INVALID' })
    .max(max, { error: 'CHAT_MESSAGE_INVALID' });

/** A choice offered by an agent (buttons, quick replies, generic cards): what it shows and what it sends back. */
export const chatChoiceSchema = z.strictObject({ title: shortText(80), payload: shortText(200) });
export type ChatChoice = z.infer<typeof chatChoiceSchema>;

/** A media payload (spec §3): `filePath` is what the upload answered; `url` the unguessable address it is served at. */
export const chatMediaPayloadSchema = z.strictObject({
  message: chatTextSchema.optional(),
  url: textSchema('CHAT_MESSAGE_INVALID').max(500, { error: 'CHAT_MESSAGE_INVALID' }),
  fileType: z.enum(CHAT_FILE_TYPES, { error: 'CHAT_MESSAGE_INVALID' }),
  filePath: shortText(200),
});

/** The message of each type (spec §3). A customer sends text, media and postback; agents send every type. */
export const chatMessageBodySchema = z.discriminatedUnion(
  'message_type',
  [
    z.strictObject({
      message_type: z.literal('text'),
      payload: z.strictObject({ message: chatTextSchema }),
    }),
    z.strictObject({ message_type: z.literal('media'), payload: chatMediaPayloadSchema }),
    z.strictObject({
      message_type: z.literal('buttons'),
      payload: z.strictObject({
        message: chatTextSchema,
        buttons: z.array(chatChoiceSchema).min(1).max(5),
      }),
    }),
    z.strictObject({
      message_type: z.literal('quick_replies'),
      payload: z.strictObject({
        message: chatTextSchema,
        replies: z.array(chatChoiceSchema).min(1).max(10),
      }),
    }),
    z.strictObject({
      message_type: z.literal('generic'),
      payload: z.strictObject({
        elements: z
          .array(
            z.strictObject({
              title: shortText(80),
              subtitle: chatTextSchema.optional(),
              imageUrl: textSchema('CHAT_MESSAGE_INVALID').max(500).optional(),
              buttons: z.array(chatChoiceSchema).max(3).optional(),
            }),
          )
          .min(1)
          .max(10),
      }),
    }),
    z.strictObject({ message_type: z.literal('postback'), payload: chatChoiceSchema }),
  ],
  { error: 'CHAT_MESSAGE_INVALID' },
);
export type ChatMessageBody = z.infer<typeof chatMessageBodySchema>;

/** The id the sender makes for each message: a resend with the same id is answered with the stored message. */
export const chatClientIdSchema = z
  .string({ error: 'CHAT_MESSAGE_INVALID' })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'CHAT_MESSAGE_INVALID' });

/** A stored message as both sides read it (spec §3). `sender` is `customer` or `other` (an agent or the system). */
export const chatMessageSchema = z.object({
  _id: z.string(),
  clientId: z.string(),
  sender: z.enum(['customer', 'other']),
  message: chatMessageBodySchema,
  createdAt: z.string(),
  /** The conversation's id. */
  session_id: z.string(),
  userId: z.string().nullable(),
  guestId: z.string().nullable(),
  username: z.string().nullable(),
  /** The display name of who wrote it: the member's name, or the agent's. */
  name: z.string().nullable(),
  deviceToken: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Optional ids a client may repeat in a body (spec §7); when present they must be the caller's own. */
const ownerFields = {
  userId: textSchema('INVALID_REQUEST').max(64).nullish(),
  guestId: textSchema('INVALID_REQUEST').max(64).nullish(),
};

/** A chat call a member or a guest may make: authentication is checked by the chat module itself. */
function chatCall<TResponse extends z.ZodType, TBody extends z.ZodType | undefined = undefined>(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  parts: { response: TResponse; body?: TBody },
) {
  return defineContract({ method, path, ...parts });
}

/** `PREFIX` names the socket rooms (spec §7); `enabled` mirrors the operator's chat widget switch. */
export const chatConfig = chatCall('GET', '/api/chat/config', {
  response: z.object({ PREFIX: z.string(), enabled: z.boolean() }),
});

/** A new guest: a random id and the server-signed token the guest keeps locally and sends on every chat call. */
export const chatGuest = chatCall('POST', '/api/chat/guest', {
  response: z.object({ guestId: z.string(), guestToken: z.string() }),
});

export const chatSendMessage = chatCall('POST', '/api/chat/send-message', {
  body: z.strictObject({
    clientId: chatClientIdSchema,
    message: chatMessageBodySchema,
    ...ownerFields,
  }),
  response: z.object({ timestamp: z.string(), message: chatMessageSchema }),
});

/** Newest first, pages of 10 (spec §9): `skip` counts messages already shown. */
export const chatHistory = chatCall('POST', '/api/chat/history', {
  body: z.strictObject({
    ...ownerFields,
    limit: z
      .number()
      .int()
      .min(1)
      .max(PAGE_SIZE.chatHistory * 5)
      .default(PAGE_SIZE.chatHistory),
    skip: z.number().int().min(0).max(1_000_000).default(0),
  }),
  response: z.object({
    messages: z.array(chatMessageSchema),
    total: z.number().int(),
    /** When the agents last read the conversation (for the customer's read marks), or null. */
    agentReadAt: z.string().nullable(),
  }),
});

/** Multipart, field `file`; the answer's `path` goes into a media message's `filePath`. */
const uploadResponse = z.object({
  path: z.string(),
  url: z.string(),
  fileType: z.enum(CHAT_FILE_TYPES),
});
export const chatUploadImage = chatCall('POST', '/api/chat/upload-image', {
  response: uploadResponse,
});
export const chatUploadVideo = chatCall('POST', '/api/chat/upload-video', {
  response: uploadResponse,
});

/** The customer has read everything up to now (sent at most once a second, spec §9). */
export const chatReadCustomer = chatCall('PUT', '/api/chat/read-customer/', {
  body: z.strictObject(ownerFields),
  response: z.object({ readAt: z.string() }),
});

/** After signing in, a member hands over the guest token the browser kept: the guest's messages move to the member. */
export const chatClaimGuest = chatCall('POST', '/api/chat/claim-guest', {
  body: z.strictObject({ guestToken: textSchema('INVALID_REQUEST').min(1).max(500) }),
  response: z.object({ moved: z.number().int() }),
});
