import { chatClaimGuest } from '@mekong/contracts/chat';
import { apiCall, isApiError } from '@/lib/api-client';
import { readStorage, removeStorage, writeStorage } from '@/lib/storage';
import { STORAGE_KEYS } from '@/lib/storage-keys';

/** A guest's chat identity, kept in local storage (docs/decisions/0015-support-chat.md#identities). */
export type ChatGuest = { guestId: string; guestToken: string };

export function readChatGuest(): ChatGuest | null {
  const text = readStorage(STORAGE_KEYS.chatGuest);
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<ChatGuest>;
    return typeof value.guestId === 'string' && typeof value.guestToken === 'string'
      ? { guestId: value.guestId, guestToken: value.guestToken }
      : null;
  } catch {
    return null;
  }
}

export function storeChatGuest(guest: ChatGuest): void {
  writeStorage(STORAGE_KEYS.chatGuest, JSON.stringify(guest));
}

export function forgetChatGuest(): void {
  removeStorage(STORAGE_KEYS.chatGuest);
}

/** Answers that say the guest token will never be claimed: keeping it would only repeat the call. */
const unclaimable = new Set([
  'CHAT_GUEST_INVALID',
  'CHAT_FORBIDDEN',
  'CHAT_CONVERSATION_NOT_FOUND',
]);

/**
 * On signing in, with the new session's token, before the app uses it: the conversation the visitor had as a guest
 * moves to the member (so the member's chat opens with it), then the browser forgets the guest. Never fails the
 * sign-in: a token kept after a passing failure (network, chat switched off) is claimed at the next sign-in.
 */
export async function claimChatGuest(memberToken: string): Promise<void> {
  const guest = readChatGuest();
  if (!guest) return;
  try {
    await apiCall(chatClaimGuest, {
      body: { guestToken: guest.guestToken },
      headers: { authorization: `Bearer ${memberToken}` },
      isQuiet: true,
    });
    forgetChatGuest();
  } catch (error) {
    if (isApiError(error) && unclaimable.has(error.code)) forgetChatGuest();
  }
}
