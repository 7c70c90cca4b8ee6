import {
  CHAT_FILE_FIELD,
  CHAT_GUEST_HEADER,
  CHAT_UPLOAD_TIMEOUT_MS,
  chatGuest,
  chatHistory,
  chatReadCustomer,
  chatSendMessage,
  chatUploadImage,
  chatUploadVideo,
  type ChatMessageBody,
} from '@mekong/contracts/chat';
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
  return { isQuiet: true, headers: identity.kind === 'guest' ? { [CHAT_GUEST_HEADER]: identity.guestToken } : undefined };
}

export function createChatGuest() {
  return apiCall(chatGuest, { isQuiet: true });
}

/** Newest first, a page of 10 after the `skip` messages already shown (docs/spec.md §9). */
export function readChatHistory(identity: ChatIdentity, skip: number) {
  return apiCall(chatHistory, { ...callOptions(identity), body: { limit: PAGE_SIZE.chatHistory, skip } });
}

export function sendChatMessage(identity: ChatIdentity, clientId: string, message: ChatMessageBody) {
  return apiCall(chatSendMessage, { ...callOptions(identity), body: { clientId, message } });
}

/** Multipart, the spec's 300000 ms upload time-out (docs/spec.md §9). */
export function uploadChatFile(identity: ChatIdentity, file: File, kind: ChatFileKind) {
  const formData = new FormData();
  formData.append(CHAT_FILE_FIELD, file);
  return apiCall(kind === 'video' ? chatUploadVideo : chatUploadImage, {
    ...callOptions(identity),
    formData,
    timeoutMs: CHAT_UPLOAD_TIMEOUT_MS,
  });
}

export function markChatRead(identity: ChatIdentity) {
  return apiCall(chatReadCustomer, { ...callOptions(identity), body: {} });
}
