import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { chatWidgetQuery } from '@/lib/lookup-queries';
import { ChatContext } from '@/features/chat/hooks/chat-context';
import { useChatController } from '@/features/chat/hooks/use-chat-controller';

/**
 * The tab's chat, above every page so one socket lives across pages and the menu can show the unread badge. Nothing
 * starts while the operator's chat widget switch is off (docs/decisions/0015-support-chat.md).
 */
export function ChatProvider({ children }: { children: ReactNode }) {
  const { data } = useQuery(chatWidgetQuery);
  const chat = useChatController(data?.enabled === true);
  return <ChatContext value={chat}>{children}</ChatContext>;
}
