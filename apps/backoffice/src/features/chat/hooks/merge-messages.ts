import type { AdminChatMessage } from '@mekong/contracts/admin/chat';

/**
 * Joins what is shown with newly read or pushed messages: one copy per stored id (the send answer and the socket
 * deliver the same message), oldest first.
 */
export function mergeMessages(
  shown: readonly AdminChatMessage[],
  incoming: readonly AdminChatMessage[],
): AdminChatMessage[] {
  const byId = new Map<string, AdminChatMessage>();
  for (const message of shown) byId.set(message._id, message);
  for (const message of incoming) byId.set(message._id, message);
  return [...byId.values()].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id),
  );
}

/** A client id the server accepts (8–64 url-safe characters): a resend with the same id is stored once. */
export function newClientId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}
