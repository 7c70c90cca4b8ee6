import { createContext, use } from 'react';
import type { ChatController } from '@/features/chat/hooks/use-chat-controller';

export const ChatContext = createContext<ChatController | null>(null);

export function useChat(): ChatController {
  const chat = use(ChatContext);
  if (!chat) throw new Error('useChat needs ChatProvider');
  return chat;
}

/** Agents' messages not yet seen, for the badge of the chat entry and the menu (0 when the chat is off). */
export function useChatUnread(): number {
  return use(ChatContext)?.unread ?? 0;
}
