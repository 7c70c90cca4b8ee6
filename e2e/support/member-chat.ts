import { randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { ChatMessageBody } from '@mekong/contracts/chat';
import { expect, type Page } from '@playwright/test';
import { adminPost, adminPut, operatorToken } from './backoffice.ts';

/**
 * The support chat from the agents' side, through the back-office API (docs/decisions/0015-support-chat.md#agents),
 * and the member web's chat sheet.
 */

/** The operator's chat widget switch: the whole chat is off while it is off. */
export async function setChatWidget(enabled: boolean): Promise<void> {
  await adminPut('/api/admin/settings/chatWidget', { enabled }, await operatorToken('owner'));
}

type Conversation = { id: string; guestId: string | null; member: { id: string } | null };

/** The conversation of a guest or a member, found in the agents' inbox (newest activity first). */
export async function findConversation(who: { guestId?: string; memberId?: string }): Promise<Conversation> {
  const token = await operatorToken('owner');
  for (let page = 1; page <= 20; page += 1) {
    const { rows } = (await adminPost('/api/admin/chat/conversations', { page, limit: 100 }, token)) as { rows: Conversation[] };
    const found = rows.find((row) => (who.guestId ? row.guestId === who.guestId : row.member?.id === who.memberId));
    if (found) return found;
    if (rows.length < 100) break;
  }
  throw new Error(`no conversation for ${JSON.stringify(who)}`);
}

/** An agent (the owner, who may answer) takes the conversation and writes in it. */
export async function agentSends(conversationId: string, message: ChatMessageBody): Promise<void> {
  const token = await operatorToken('owner');
  await adminPost(`/api/admin/chat/conversations/${conversationId}/assign`, {}, token);
  await adminPost(`/api/admin/chat/conversations/${conversationId}/send`, { clientId: randomUUID(), message }, token);
}

export async function agentSendsText(conversationId: string, text: string): Promise<void> {
  await agentSends(conversationId, { message_type: 'text', payload: { message: text } });
}

/** The conversation's stored messages as agents see them (newest first). */
export async function conversationMessages(conversationId: string): Promise<{ clientId: string; message: ChatMessageBody }[]> {
  const token = await operatorToken('owner');
  const answer = (await adminPost(`/api/admin/chat/conversations/${conversationId}/messages`, { limit: 100 }, token)) as {
    messages: { clientId: string; message: ChatMessageBody }[];
  };
  return answer.messages;
}

/** A small real PNG (a diagonal gradient in the given hue), so uploads pass the server's byte checks. */
export function gradientPng(width = 160, height = 120, hue: [number, number, number] = [38, 48, 138]): Buffer {
  const row = width * 3 + 1;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const shade = (x + y) / (width + height);
      const at = y * row + 1 + x * 3;
      raw[at] = Math.round(hue[0] + (255 - hue[0]) * shade);
      raw[at + 1] = Math.round(hue[1] + (220 - hue[1]) * shade);
      raw[at + 2] = Math.round(hue[2] + (120 - hue[2]) * shade);
    }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Opens the chat sheet from the contact page the browser is on. */
export async function openChat(page: Page): Promise<void> {
  await page.getByTestId('chat-widget').click();
  await expect(page.getByTestId('chat-sheet')).toBeVisible();
}

/** Writes and sends a text; waits until it is stored. */
export async function writeInChat(page: Page, text: string): Promise<void> {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-message').filter({ hasText: text }).last()).toHaveAttribute('data-status', 'succeed');
}

/** The guest identity the browser keeps (local storage `chat-guest`). */
export async function storedGuestId(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const text = localStorage.getItem('chat-guest');
    return text ? (JSON.parse(text) as { guestId: string }).guestId : null;
  });
}
