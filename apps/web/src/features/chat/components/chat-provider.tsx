import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { chatWidgetQuery } from '@/lib/lookup-queries';
import { ChatContext } from '@/features/chat/hooks/chat-context';
import type { ChatController } from '@/features/chat/hooks/use-chat-controller';

const ChatControllerHost = lazy(async () => ({
  default: (await import('@/features/chat/components/chat-controller-host')).ChatControllerHost,
}));

/**
 * The tab's chat, above every page so one socket lives across pages and the menu can show the unread badge. Nothing
 * starts, and the chat's code is not loaded, while the operator's chat widget switch is off
 * (docs/decisions/0015-support-chat.md). Until the chat's code has loaded, there is no chat to show (ChatEntry shows
 * nothing, the badge 0).
 */
export function ChatProvider({ children }: { children: ReactNode }) {
  const { data } = useQuery(chatWidgetQuery);
  const [chat, setChat] = useState<ChatController | null>(null);
  const isEnabled = data?.enabled === true;
  // The chat's code loads once the switch is first seen on, and then stays to follow it (off again included).
  const [hasBeenEnabled, setBeenEnabled] = useState(isEnabled);
  if (isEnabled && !hasBeenEnabled) setBeenEnabled(true);
  return (
    <ChatContext value={chat}>
      {children}
      {hasBeenEnabled && (
        <Suspense fallback={null}>
          <ChatControllerHost isEnabled={isEnabled} onController={setChat} />
        </Suspense>
      )}
    </ChatContext>
  );
}
