import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CHAT_CONVERSATION_STATUSES,
  type AdminChatConversation,
  type ChatConversationStatus,
} from '@mekong/contracts/admin/chat';
import { CHAT_READ_DEBOUNCE_MS } from '@mekong/contracts/chat';
import { Button } from '@/components/button';
import { ErrorText } from '@/components/error-text';
import { useAdminMutation } from '@/components/use-admin-mutation';
import { useCan, useOperator } from '@/lib/use-operator';
import {
  CHAT_KEY,
  assignConversation,
  markRead,
  setConversationStatus,
} from '@/features/chat/api/chat-api';
import { useConversationMessages } from '@/features/chat/hooks/use-conversation-messages';
import { Composer } from '@/features/chat/components/composer';
import { CustomerName } from '@/features/chat/components/customer-name';
import { MessageBubble } from '@/features/chat/components/message-bubble';
import { TransferDialog } from '@/features/chat/components/transfer-dialog';

/** The middle column: who, status and assignee, the messages (older pages on demand), typing, then the composer. */
export function ConversationView({ conversation }: { conversation: AdminChatConversation }) {
  const { t } = useTranslation('chat');
  const canAnswer = useCan('chat.answer');
  const me = useOperator().data?.operator;
  const thread = useConversationMessages(conversation.id);
  const [isTransferOpen, setIsTransferOpen] = useState(false);
  const isMine = conversation.assignee !== null && conversation.assignee.id === me?.id;
  const customerReadAt = latest(thread.customerReadAt, conversation.customerReadAt);

  const assign = useAdminMutation({
    run: () => assignConversation(conversation.id),
    invalidates: [CHAT_KEY],
    successText: () => t('assignedToYou'),
  });
  const status = useAdminMutation({
    run: (next: ChatConversationStatus) => setConversationStatus(conversation.id, next),
    invalidates: [CHAT_KEY],
    successText: (result) => t('statusChanged', { status: t(`status.${result.status}`) }),
  });

  useMarkRead(conversation.id, thread.messages.at(-1)?._id);
  const scrollRef = useStickToBottom(thread.messages.at(-1)?._id);
  const lastAgentId = [...thread.messages]
    .reverse()
    .find((message) => message.sender === 'other' && !message.isPrivateNote)?._id;

  return (
    <section className="chat__thread card" aria-label={t('conversation')}>
      <header className="chat__thread-head">
        <div className="chat__who">
          <strong>
            <CustomerName conversation={conversation} />
          </strong>
          <small className="muted">
            {conversation.assignee
              ? t('assignedTo', { name: conversation.assignee.name })
              : t('unassigned')}
          </small>
        </div>
        <div className="chat__thread-actions">
          {canAnswer ? (
            <>
              <label className="visually-hidden" htmlFor="chat-status">
                {t('statusLabel')}
              </label>
              <select
                id="chat-status"
                value={conversation.status}
                disabled={status.isPending}
                onChange={(event) => status.mutate(event.target.value as ChatConversationStatus)}
              >
                {CHAT_CONVERSATION_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {t(`status.${value}`)}
                  </option>
                ))}
              </select>
              {isMine ? null : (
                <Button
                  variant="secondary"
                  onClick={() => assign.mutate(undefined)}
                  isBusy={assign.isPending}
                >
                  {t('assignToMe')}
                </Button>
              )}
              <Button variant="ghost" onClick={() => setIsTransferOpen(true)}>
                {t('transfer')}
              </Button>
            </>
          ) : (
            <span className="badge">{t(`status.${conversation.status}`)}</span>
          )}
        </div>
      </header>
      <div className="chat__messages" ref={scrollRef} data-testid="chat-messages">
        {thread.hasOlder ? (
          <Button variant="ghost" className="chat__older" onClick={() => void thread.loadOlder()}>
            {t('older')}
          </Button>
        ) : null}
        {thread.error ? <ErrorText error={thread.error} /> : null}
        {thread.isLoading ? (
          <div className="skeleton" aria-busy="true" aria-label={t('loading')} />
        ) : null}
        {!thread.isLoading && thread.messages.length === 0 ? (
          <p className="muted chat__none">{t('noMessages')}</p>
        ) : null}
        {thread.messages.map((message) => (
          <MessageBubble
            key={message._id}
            message={message}
            conversationId={conversation.id}
            isSeen={
              message._id === lastAgentId &&
              customerReadAt !== null &&
              customerReadAt >= message.createdAt
            }
          />
        ))}
      </div>
      <p className="chat__typing" aria-live="polite">
        {thread.isCustomerTyping ? t('customerTyping') : ''}
      </p>
      {canAnswer ? (
        <Composer
          conversationId={conversation.id}
          isAssignedToMe={isMine}
          onSent={thread.addSent}
        />
      ) : (
        <p className="notice chat__readonly">{t('readOnly')}</p>
      )}
      {isTransferOpen ? (
        <TransferDialog conversation={conversation} onClose={() => setIsTransferOpen(false)} />
      ) : null}
    </section>
  );
}

function latest(a: string | null, b: string | null): string | null {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}

/** Marks the conversation read while it is on screen: when opened and when a new message shows, at most once a second. */
function useMarkRead(conversationId: string, lastMessageId: string | undefined) {
  useEffect(() => {
    if (document.visibilityState === 'hidden') return;
    const timer = setTimeout(
      () => void markRead(conversationId).catch(() => undefined),
      CHAT_READ_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [conversationId, lastMessageId]);
}

/** How near the bottom still counts as reading the newest messages. */
const PINNED_PX = 48;

/**
 * Keeps the newest message in view when one arrives or an image above it loads, unless the agent scrolled up to read
 * older ones.
 */
function useStickToBottom(lastMessageId: string | undefined) {
  const ref = useRef<HTMLDivElement>(null);
  const isPinned = useRef(true);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const onScroll = () => {
      isPinned.current = box.scrollHeight - box.scrollTop - box.clientHeight < PINNED_PX;
    };
    // Media finish loading after the scroll: `load` does not bubble, so it is caught on the way down.
    const onLoad = () => {
      if (isPinned.current) box.scrollTop = box.scrollHeight;
    };
    box.addEventListener('scroll', onScroll);
    box.addEventListener('load', onLoad, true);
    return () => {
      box.removeEventListener('scroll', onScroll);
      box.removeEventListener('load', onLoad, true);
    };
  }, []);
  useEffect(() => {
    const box = ref.current;
    if (box && isPinned.current) box.scrollTop = box.scrollHeight;
  }, [lastMessageId]);
  return ref;
}
