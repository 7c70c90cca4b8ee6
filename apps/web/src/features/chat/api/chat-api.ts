import * as contracts from '@mekong/contracts/chat';
import { PAGE_SIZE } from '@mekong/contracts/constants';
import { apiCall } from '@/lib/api-client';
import type { ChatGuest } from '@/lib/chat-guest';
import type { ChatFileKind } from '@/features/chat/hooks/chat-file';

/**
 * Who is chatting: a member (their session's Bearer token, which the API client adds) or a guest (the server-signed
 * guest token in its own header). docs/decisions/0015-support-chat.md#identities
 */
export type ChatIdentity = { kind: 'member' } | ({ kind: 'guest' } & ChatGuest);

/** Chat calls never show the page-wide loading bar: each message shows its own status. */
function callOptions(identity: ChatIdentity) {
  return {
    isQuiet: true,
    headers:
      identity.kind === 'guest'
        ? { [contracts.CHAT_GUEST_HEADER]: identity.guestToken }
        : undefined,
  };
}

export function createChatGuest() {
  return apiCall(contracts.chatGuest, { isQuiet: true });
}

/** Newest first, a page of 10 after the `skip` messages already shown (docs/spec.md §9). */
export function readChatHistory(identity: ChatIdentity, skip: number) {
  return apiCall(contracts.chatHistory, {
    ...callOptions(identity),
    body: { limit: PAGE_SIZE.chatHistory, skip },
  });
}

export function sendChatMessage(
  identity: ChatIdentity,
  clientId: string,
  message: contracts.ChatMessageBody,
) {
  return apiCall(contracts.chatSendMessage, {
    ...callOptions(identity),
    body: { clientId, message },
  });
}

/** Multipart, the spec's 300000 ms upload time-out (docs/spec.md §9). */
export function uploadChatFile(identity: ChatIdentity, file: File, kind: ChatFileKind) {
  const formData = new FormData();
  formData.append(contracts.CHAT_FILE_FIELD, file);
  return apiCall(kind === 'video' ? contracts.chatUploadVideo : contracts.chatUploadImage, {
    ...callOptions(identity),
    formData,
    timeoutMs: contracts.CHAT_UPLOAD_TIMEOUT_MS,
  });
}

export function markChatRead(identity: ChatIdentity) {
  return apiCall(contracts.chatReadCustomer, { ...callOptions(identity), body: {} });
}
