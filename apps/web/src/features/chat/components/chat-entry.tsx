import { CircleAlert, MessagesSquare } from 'lucide-react';
import { use, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { ChatComposer } from '@/features/chat/components/chat-composer';
import { ChatConversation } from '@/features/chat/components/chat-conversation';
import { ChatUnreadBadge } from '@/features/chat/components/chat-unread-badge';
import { ChatContext, useChat } from '@/features/chat/hooks/chat-context';
import type { ChatController } from '@/features/chat/hooks/use-chat-controller';
import '@/features/chat/components/chat.css';

/** The chat sheet: the conversation, the chat's 4-second alert over it, the composer under it. */
function ChatSheet() {
  const { t } = useTranslation();
  const chat = useChat();
  return (
    <Modal isOpen={chat.isOpen} onOpenChange={chat.setOpen} variant="sheet" title={t('chat.title')} testId="chat-sheet" className="chat-sheet" footer={<ChatComposer />}>
      {chat.alert && (
        <p key={chat.alert.key} className="chat-alert" role="alert" data-testid="chat-alert">
          <CircleAlert size={18} aria-hidden /> {chat.alert.text}
        </p>
      )}
      <ChatConversation />
    </Modal>
  );
}

/** "Chat with us" on the contact page, shown while the operator's chat widget is on (docs/spec.md §2). */
export function ChatEntry() {
  // The chat's code loads beside the page (ChatProvider): nothing to show until it has.
  const chat = use(ChatContext);
  return chat ? <ChatEntryButton chat={chat} /> : null;
}

function ChatEntryButton({ chat }: { chat: ChatController }) {
  const { t } = useTranslation();
  const { setOpen } = chat;
  // Leaving the page closes the chat: nothing off screen is marked read.
  useEffect(() => () => setOpen(false), [setOpen]);
  if (!chat.isEnabled) return null;
  return (
    <>
      <Button variant="secondary" isBlock className="chat-entry" onClick={() => chat.setOpen(true)} data-testid="chat-widget">
        <MessagesSquare size={20} aria-hidden /> {t('chat.open')}
        <ChatUnreadBadge count={chat.unread} />
      </Button>
      <ChatSheet />
    </>
  );
}
