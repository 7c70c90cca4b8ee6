import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BodyOf } from '@mekong/contracts/contract';
import * as contracts from '@mekong/contracts/admin/chat';
import { CHAT_FILE_FIELD } from '@mekong/contracts/chat';
import { adminFetch, adminUpload } from '@/lib/api-client';
import { useItemQuery } from '@/lib/list-query';

export type ChatListFilter = {
  status: contracts.ChatConversationStatus;
  assignee: 'mine' | 'unassigned' | 'all';
};
export type ChatSendBody = BodyOf<typeof contracts.adminChatSendContract>;

/** Every chat query starts with this key: a socket event refreshes them all at once. */
export const CHAT_KEY = ['admin', 'chat'] as const;
export const CONVERSATIONS_KEY = [...CHAT_KEY, 'conversations'] as const;
export const conversationKey = (id: string) => [...CHAT_KEY, 'conversation', id] as const;
export const CANNED_KEY = [...CHAT_KEY, 'canned'] as const;
export const AGENTS_KEY = [...CHAT_KEY, 'agents'] as const;
const LIST_LIMIT = 50;

export function useConversations(filter: ChatListFilter) {
  return useQuery({
    queryKey: [...CONVERSATIONS_KEY, filter],
    queryFn: ({ signal }) =>
      adminFetch(contracts.adminChatListContract, {
        body: {
          status: filter.status,
          assignee: filter.assignee === 'all' ? undefined : filter.assignee,
          limit: LIST_LIMIT,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** How many open conversations wait with nobody assigned (the queue). */
export function useQueueCount() {
  return useQuery({
    queryKey: [...CONVERSATIONS_KEY, 'queue'],
    queryFn: ({ signal }) =>
      adminFetch(contracts.adminChatListContract, {
        body: { status: 'open', assignee: 'unassigned', limit: 1 },
        signal,
      }),
    select: (data) => data.total,
  });
}

export const useConversation = (id: string | null) =>
  useItemQuery(
    conversationKey(id ?? ''),
    contracts.adminChatGetContract,
    id === null ? null : { id },
  );

export function useAgents(isEnabled = true) {
  return useQuery({
    queryKey: AGENTS_KEY,
    queryFn: ({ signal }) => adminFetch(contracts.adminChatAgentsContract, { signal }),
    enabled: isEnabled,
  });
}

export function useCannedReplies() {
  return useQuery({
    queryKey: CANNED_KEY,
    queryFn: ({ signal }) => adminFetch(contracts.adminChatCannedListContract, { signal }),
    select: (data) => data.rows,
  });
}

export function fetchMessages(id: string, skip: number, limit: number) {
  return adminFetch(contracts.adminChatMessagesContract, { params: { id }, body: { skip, limit } });
}

export function sendMessage(id: string, body: ChatSendBody) {
  return adminFetch(contracts.adminChatSendContract, { params: { id }, body });
}

export function takeNext() {
  return adminFetch(contracts.adminChatTakeNextContract);
}

/** Takes the conversation (no operator) or transfers it to `operatorId`. */
export function assignConversation(id: string, operatorId?: string) {
  return adminFetch(contracts.adminChatAssignContract, { params: { id }, body: { operatorId } });
}

export function setConversationStatus(id: string, status: contracts.ChatConversationStatus) {
  return adminFetch(contracts.adminChatStatusContract, { params: { id }, body: { status } });
}

export function markRead(id: string) {
  return adminFetch(contracts.adminChatReadContract, { params: { id } });
}

export function checkSlip(id: string, path: string) {
  return adminFetch(contracts.adminChatCheckSlipContract, { params: { id }, body: { path } });
}

export type CannedInput = BodyOf<typeof contracts.adminChatCannedCreateContract>;

export function saveCanned(input: CannedInput & { id?: string }) {
  const body = { title: input.title, text: input.text };
  return input.id
    ? adminFetch(contracts.adminChatCannedUpdateContract, { params: { id: input.id }, body })
    : adminFetch(contracts.adminChatCannedCreateContract, { body });
}

export function deleteCanned(id: string) {
  return adminFetch(contracts.adminChatCannedDeleteContract, { params: { id } });
}

/** Multipart, field `file` (the same rules as a customer's upload). */
export function uploadMedia(id: string, file: File) {
  const form = new FormData();
  form.append(CHAT_FILE_FIELD, file);
  return adminUpload(contracts.adminChatUploadContract, { id }, form);
}
