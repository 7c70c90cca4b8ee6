import type { AdminChatConversation, AdminChatMessage } from '@mekong/contracts/admin/chat';
import type { ChatMessage } from '@mekong/contracts/chat';

/**
 * What the services tell connected clients, after their transaction commits (docs/decisions/0015-support-chat.md
 * #socket). The socket plugin implements it; before it is attached, nothing is sent.
 */
export type ChatHub = {
  /** To every socket of one customer (`PREFIX + userId or guestId`). */
  toCustomer(
    room: string,
    event: 'messaging' | 'read' | 'typing',
    data: ChatMessage | { side: 'agent'; at: string } | { isTyping: boolean },
  ): void;
  /** To the agents watching one conversation. */
  toWatchers(
    conversationId: string,
    event: 'messaging' | 'read' | 'typing',
    data:
      | AdminChatMessage
      | { side: 'customer'; at: string }
      | { conversationId: string; isTyping: boolean; side: 'customer' | 'agent' },
  ): void;
  /** To every agent: a conversation's summary changed. */
  toAgents(conversation: AdminChatConversation): void;
  /** The operators with a connected agent socket, on any server process. */
  onlineAgentIds(): Promise<Set<string>>;
};

export function createSilentHub(): ChatHub {
  return {
    toCustomer: () => undefined,
    toWatchers: () => undefined,
    toAgents: () => undefined,
    onlineAgentIds: async () => new Set(),
  };
}
