import { useTranslation } from 'react-i18next';
import { useChatUnread } from '@/features/chat/hooks/chat-context';
import '@/features/chat/components/chat-unread-badge.css';

/** Agents' messages not seen yet, on the chat entry and the menu's Contact item. */
export function ChatUnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <span className="chat-unread" data-testid="chat-unread" role="status" aria-label={t('chat.unread', { unread: count })}>
      {count > 99 ? '99+' : count}
    </span>
  );
}

/**
 * The badge with the tab's own count, for the menus: only it renders again when the chat changes (it does several
 * times as it connects, just after the page has started), not the whole menu and header around it.
 */
export function ChatUnreadCount() {
  return <ChatUnreadBadge count={useChatUnread()} />;
}
