import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { CHAT_GUEST_HEADER, CHAT_SOCKET } from '@mekong/contracts/chat';
import { saveSetting } from '@/modules/settings/settings.repository.ts';
import { BOUNDARY, multipart } from './slips.ts';
import { uniqueIp, type TestApp } from './test-app.ts';

/** Who calls: a member's session token or a guest's token. */
export type Who = { token: string } | { guestToken: string };

export async function setChatEnabled(t: TestApp, enabled: boolean) {
  await saveSetting(t.app.deps.db.kysely, 'chatWidget', { enabled }, t.clock.now());
}

export async function setAgentLimit(t: TestApp, agentLimit: number) {
  await saveSetting(t.app.deps.db.kysely, 'chat', { agentLimit }, t.clock.now());
}

export function clientId(): string {
  return `c${randomBytes(8).toString('hex')}`;
}

export function text(message: string) {
  return { message_type: 'text' as const, payload: { message } };
}

const headersOf = (who: Who | null): { token?: string; headers: Record<string, string> } =>
  !who
    ? { headers: {} }
    : 'token' in who
      ? { token: who.token, headers: {} }
      : { headers: { [CHAT_GUEST_HEADER]: who.guestToken } };

export function chatApi(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  who: Who | null,
  body?: unknown,
  ip?: string,
) {
  const { token, headers } = headersOf(who);
  return t.api(method, url, { token, headers, body, ip });
}

export async function newGuest(t: TestApp, ip = uniqueIp()) {
  const response = await t.api('POST', '/api/chat/guest', { ip });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ guestId: string; guestToken: string }>();
}

export type StoredMessage = {
  _id: string;
  clientId: string;
  sender: string;
  message: { message_type: string; payload: Record<string, unknown> };
  createdAt: string;
  session_id: string;
  userId: string | null;
  guestId: string | null;
};

export async function send(t: TestApp, who: Who, message: unknown, id = clientId()) {
  const response = await chatApi(t, 'POST', '/api/chat/send-message', who, {
    clientId: id,
    message,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ timestamp: string; message: StoredMessage }>().message;
}

export async function history(t: TestApp, who: Who, skip = 0, limit = 10) {
  const response = await chatApi(t, 'POST', '/api/chat/history', who, { skip, limit });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ messages: StoredMessage[]; total: number; agentReadAt: string | null }>();
}

export function chatUpload(
  t: TestApp,
  url: string,
  who: Who | null,
  file: { bytes: Buffer; filename?: string; type?: string },
  extraHeaders: Record<string, string> = {},
) {
  const { token, headers } = headersOf(who);
  return t.api('POST', url, {
    token,
    rawBody: multipart([
      {
        field: 'file',
        filename: file.filename ?? 'photo.png',
        type: file.type ?? 'image/png',
        bytes: file.bytes,
      },
    ]),
    headers: {
      ...headers,
      ...extraHeaders,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
  });
}

/** A 1×1 gif, and the first box of an mp4 and of a QuickTime movie: what file-type reads a file's type from. */
export const GIF = Buffer.from('474946383961010001000000002c00000000010001000002024401003b', 'hex');
export const MP4 = Buffer.concat([
  Buffer.from('0000001c6674797069736f6d0000020069736f6d69736f326d703431', 'hex'),
  Buffer.alloc(64),
]);
export const MOV = Buffer.concat([
  Buffer.from('00000014667479707174202000000000717420', 'hex'),
  Buffer.alloc(64),
]);

/** Starts the app on a free port (sockets need a real server) and answers its address. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not listen');
  return `http://127.0.0.1:${address.port}`;
}

/** A connected socket, or the refusal's code. */
export function openSocket(
  url: string,
  namespace: string,
  auth: Record<string, unknown>,
  options: { reconnection?: boolean; reconnectionDelay?: number } = {},
): Promise<{ socket: Socket; code: null } | { socket: null; code: string }> {
  const socket = connectSocket(`${url}${namespace}`, {
    path: CHAT_SOCKET.path,
    auth,
    transports: ['websocket'],
    reconnection: options.reconnection ?? false,
    reconnectionDelay: options.reconnectionDelay ?? 100,
    reconnectionDelayMax: options.reconnectionDelay ?? 100,
    forceNew: true,
  });
  return new Promise((resolve) => {
    // Only the first outcome: a later connect_error (a reconnect attempt) must not close the socket.
    const onConnect = () => {
      socket.off('connect_error', onError);
      resolve({ socket, code: null });
    };
    const onError = (error: Error & { data?: { code?: string } }) => {
      socket.off('connect', onConnect);
      socket.close();
      resolve({ socket: null, code: error.data?.code ?? error.message });
    };
    socket.once('connect', onConnect);
    socket.once('connect_error', onError);
  });
}

export async function connected(
  url: string,
  namespace: string,
  auth: Record<string, unknown>,
  options?: { reconnection?: boolean; reconnectionDelay?: number },
) {
  const opened = await openSocket(url, namespace, auth, options);
  if (!opened.socket) throw new Error(`socket refused: ${opened.code}`);
  return opened.socket;
}

/** Every payload of `event` the socket receives from now on. */
export function collect<T = unknown>(socket: Socket, event: string): T[] {
  const received: T[] = [];
  socket.on(event, (payload: T) => received.push(payload));
  return received;
}

/** Waits until `check` holds (polling), or fails after `ms`. */
export async function eventually(
  check: () => boolean,
  ms = 5000,
  what = 'condition',
): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Gives in-flight socket events time to arrive (for "nothing arrives" checks). */
export const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));
