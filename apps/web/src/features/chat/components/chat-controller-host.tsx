import { memo, useEffect } from 'react';
import { useChatController, type ChatController } from '@/features/chat/hooks/use-chat-controller';

type ChatControllerHostProps = { isEnabled: boolean; onController: (chat: ChatController) => void };

/**
 * Runs the tab's chat and hands each new state of it to ChatProvider. Its own chunk with the chat's contracts and
 * socket code, loaded beside the first page rather than before it (docs/decisions/0017-first-load.md). Memoised: the
 * provider's re-render on a new state must not render it again.
 */
export const ChatControllerHost = memo(function ChatControllerHost({ isEnabled, onController }: ChatControllerHostProps) {
  const chat = useChatController(isEnabled);
  useEffect(() => onController(chat), [chat, onController]);
  return null;
});
