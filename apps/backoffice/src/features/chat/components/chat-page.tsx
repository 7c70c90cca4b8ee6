import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ChatListFilter } from '@/features/chat/api/chat-api';
import { useConversation } from '@/features/chat/api/chat-api';
import { AgentSocketProvider } from '@/features/chat/hooks/agent-socket';
import { ConversationList } from '@/features/chat/components/conversation-list';
import { ConversationView } from '@/features/chat/components/conversation-view';
import { CustomerPanel } from '@/features/chat/components/customer-panel';
import '@/features/chat/components/chat.css';

/**
 * The support inbox (docs/decisions/0015-support-chat.md#agents): conversations and the queue on the left, the open
 * conversation in the middle, the customer's wallet on the right. The open conversation is in the address (`?c=`).
 */
export function ChatPage() {
  return (
    <AgentSocketProvider>
      <Inbox />
    </AgentSocketProvider>
  );
}

function Inbox() {
  const { t } = useTranslation('chat');
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('c');
  const [filter, setFilter] = useState<ChatListFilter>({ status: 'open', assignee: 'all' });
  const conversation = useConversation(selectedId);
  const onSelect = (id: string) => setParams({ c: id });

  return (
    <div className="chat">
      <ConversationList
        filter={filter}
        onFilterChange={setFilter}
        selectedId={selectedId}
        onSelect={onSelect}
      />
      {selectedId && conversation.data ? (
        <>
          <ConversationView key={selectedId} conversation={conversation.data} />
          <CustomerPanel conversation={conversation.data} />
        </>
      ) : (
        <div className="chat__pick card">
          <p className="muted">{conversation.isPending && selectedId ? t('loading') : t('pick')}</p>
        </div>
      )}
    </div>
  );
}
