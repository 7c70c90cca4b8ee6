import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { CHAT_GUEST_HEADER, CHAT_SOCKET } from '@mekong/contracts/chat';
import { api } from './api.ts';
import { adminPost, operatorToken } from './backoffice.ts';
import { SERVER_URL } from './urls.ts';

/** A chat customer as the server knows them: a guest (its token in the header) or a member (its bearer token). */
export type ChatCustomer = {
  headers?: Record<string, string>;
  token?: string;
  auth: Record<string, string>;
};

type StoredMessage = {
  _id: string;
  message: { message_type: string; payload: Record<string, unknown> };
};

/** Turns the chat widget on (the demo starts with it off): the owner's settings call, as the back office makes it. */
export async function enableChat(): Promise<void> {
  const response = await fetch(`${SERVER_URL}/api/admin/settings/chatWidget`, {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      'x-client': 'backoffice',
      authorization: `Bearer ${await operatorToken('owner')}`,
    },
    body: JSON.stringify({ enabled: true }),
  });
  if (!response.ok) throw new Error(`chatWidget: ${response.status} ${await response.text()}`);
}

/** A new guest of the support chat (docs/decisions/0015-support-chat.md#identities). */
export async function newGuest(): Promise<ChatCustomer & { guestId: string }> {
  const { guestId, guestToken } = await api.post<{ guestId: string; guestToken: string }>(
    '/api/chat/guest',
  );
  return { guestId, headers: { [CHAT_GUEST_HEADER]: guestToken }, auth: { guestToken } };
}

/** A signed-in member as a chat customer. */
export function memberCustomer(token: string): ChatCustomer {
  return { token, auth: { token } };
}

export async function customerSays(customer: ChatCustomer, text: string): Promise<void> {
  await api.post(
    '/api/chat/send-message',
    {
      clientId: randomUUID().replaceAll('-', ''),
      message: { message_type: 'text', payload: { message: text } },
    },
    { headers: customer.headers, token: customer.token },
  );
}

/** The customer uploads an image and sends it as a media message (as the member web does). */
export async function customerSendsImage(customer: ChatCustomer, png: Buffer): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'slip.png');
  const response = await fetch(`${SERVER_URL}/api/chat/upload-image`, {
    method: 'POST',
    headers: {
      'x-client': 'member-web',
      ...customer.headers,
      ...(customer.token ? { authorization: `Bearer ${customer.token}` } : {}),
    },
    body: form,
  });
  if (!response.ok) throw new Error(`upload-image: ${response.status} ${await response.text()}`);
  const uploaded = (await response.json()) as { path: string; url: string; fileType: 'image' };
  await api.post(
    '/api/chat/send-message',
    {
      clientId: randomUUID().replaceAll('-', ''),
      message: {
        message_type: 'media',
        payload: { url: uploaded.url, fileType: uploaded.fileType, filePath: uploaded.path },
      },
    },
    { headers: customer.headers, token: customer.token },
  );
}

/** The texts of the customer's history, newest first (what the customer's own client may read). */
export async function customerHistory(customer: ChatCustomer): Promise<string[]> {
  const { messages } = await api.post<{ messages: StoredMessage[] }>(
    '/api/chat/history',
    { limit: 50 },
    { headers: customer.headers, token: customer.token },
  );
  return messages.map((stored) => String(stored.message.payload.message ?? ''));
}

/** The customer's socket on /chat, collecting the texts and types of the messages pushed to it, and typing marks. */
export async function customerSocket(
  customer: ChatCustomer,
): Promise<{ socket: Socket; received: string[]; types: string[]; typing: boolean[] }> {
  const received: string[] = [];
  const types: string[] = [];
  const typing: boolean[] = [];
  const socket = io(`${SERVER_URL}${CHAT_SOCKET.customerNamespace}`, {
    path: CHAT_SOCKET.path,
    auth: customer.auth,
    transports: ['websocket'],
    extraHeaders: { 'x-client': 'member-web' },
  });
  socket.on(CHAT_SOCKET.messaging, (stored: StoredMessage) => {
    received.push(String(stored.message.payload.message ?? ''));
    types.push(stored.message.message_type);
  });
  socket.on(CHAT_SOCKET.typing, (event: { isTyping: boolean }) => typing.push(event.isTyping));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
  return { socket, received, types, typing };
}

type Conversation = { id: string; guestId: string | null; member: { username: string } | null };

/** The operator's view of the conversation of a guest or member (by the list of every status). */
export async function findConversation(
  token: string,
  match: (row: Conversation) => boolean,
): Promise<Conversation> {
  const { rows } = (await adminPost('/api/admin/chat/conversations', { limit: 100 }, token)) as {
    rows: Conversation[];
  };
  const found = rows.find(match);
  if (!found) throw new Error('conversation not found');
  return found;
}

/** An operator's message through the API (an answer or, with isPrivateNote, a note). */
export async function agentSays(
  token: string,
  conversationId: string,
  text: string,
  isPrivateNote = false,
) {
  await adminPost(
    `/api/admin/chat/conversations/${conversationId}/send`,
    {
      clientId: randomUUID().replaceAll('-', ''),
      message: { message_type: 'text', payload: { message: text } },
      isPrivateNote,
    },
    token,
  );
}
