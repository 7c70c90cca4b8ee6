import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminChatConversation } from '@mekong/contracts/admin/chat';
import { CHAT_CONVERSATION_STATUSES } from '@mekong/contracts/admin/chat';
import { Button } from '@/components/button';
import { ErrorText } from '@/components/error-text';
import { QueryState } from '@/components/query-state';
import { TabList } from '@/components/tab-list';
import { useAdminMutation } from '@/components/use-admin-mutation';
import { formatDateTime } from '@/lib/format';
import { useCan } from '@/lib/use-operator';
import {
  CONVERSATIONS_KEY,
  takeNext,
  useConversations,
  useQueueCount,
  type ChatListFilter,
} from '@/features/chat/api/chat-api';
import { CustomerName } from '@/features/chat/components/customer-name';
import { useAgentSocket } from '@/features/chat/hooks/agent-socket';

const ASSIGNEE_FILTERS = ['mine', 'unassigned', 'all'] as const;

type ConversationListProps = {
  filter: ChatListFilter;
  onFilterChange: (filter: ChatListFilter) => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
};

/** The left column: the queue and "take next", then the conversations of one status and one assignee filter. */
export function ConversationList({
  filter,
  onFilterChange,
  selectedId,
  onSelect,
}: ConversationListProps) {
  const { t, i18n } = useTranslation('chat');
  const canAnswer = useCan('chat.answer');
  const list = useConversations(filter);
  const queue = useQueueCount();
  const { socket, isConnected } = useAgentSocket();
  const next = useAdminMutation({
    run: () => takeNext(),
    invalidates: [CONVERSATIONS_KEY],
    successText: (result) => (result.conversation ? t('taken') : t('queueEmpty')),
    onSuccess: (result) => {
      if (result.conversation) onSelect(result.conversation.id);
    },
  });

  return (
    <section className="chat__list card" aria-label={t('conversations')}>
      <header className="chat__list-head">
        <h1 className="chat__title">{t('title')}</h1>
        {queue.data === undefined ? null : (
          <span className="badge badge--info" data-testid="queue-count">
            {t('queue', { count: queue.data })}
          </span>
        )}
      </header>
      {socket && !isConnected ? (
        <p className="notice notice--warn chat__offline" role="status">
          {t('reconnecting')}
        </p>
      ) : null}
      {canAnswer ? (
        <Button
          onClick={() => next.mutate(undefined)}
          isBusy={next.isPending}
          className="chat__take"
        >
          <Inbox size={16} aria-hidden /> {t('takeNext')}
        </Button>
      ) : null}
      {next.error ? <ErrorText error={next.error} /> : null}
      <TabList
        className="chat__tabs"
        label={t('statusLabel')}
        tabs={CHAT_CONVERSATION_STATUSES}
        selected={filter.status}
        textOf={(status) => t(`status.${status}`)}
        onSelect={(status) => onFilterChange({ ...filter, status })}
      />
      <div className="chat__segments" role="group" aria-label={t('assigneeLabel')}>
        {ASSIGNEE_FILTERS.map((assignee) => (
          <button
            key={assignee}
            type="button"
            aria-pressed={filter.assignee === assignee}
            onClick={() => onFilterChange({ ...filter, assignee })}
          >
            {t(`assignee.${assignee}`)}
          </button>
        ))}
      </div>
      <QueryState query={list}>
        {(data) =>
          data.rows.length === 0 ? (
            <p className="muted chat__none">{t('none')}</p>
          ) : (
            <ul className="chat__rows">
              {data.rows.map((row) => (
                <li key={row.id}>
                  <ConversationRow
                    row={row}
                    isSelected={row.id === selectedId}
                    when={formatDateTime(row.lastMessageAt ?? row.createdAt, i18n.language)}
                    onSelect={onSelect}
                  />
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}

function ConversationRow({
  row,
  isSelected,
  when,
  onSelect,
}: {
  row: AdminChatConversation;
  isSelected: boolean;
  when: string;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation('chat');
  return (
    <button
      type="button"
      className={`chat__row${isSelected ? ' is-selected' : ''}`}
      aria-current={isSelected || undefined}
      onClick={() => onSelect(row.id)}
    >
      <span className="chat__row-top">
        <strong className="chat__row-name">
          <CustomerName conversation={row} />
        </strong>
        {row.unreadCount > 0 ? (
          <span
            className="badge badge--danger"
            aria-label={t('unread', { count: row.unreadCount })}
          >
            {row.unreadCount}
          </span>
        ) : null}
      </span>
      <span className="chat__row-preview">{row.lastMessagePreview ?? '—'}</span>
      <span className="chat__row-meta">
        <span>{when}</span>
        <span>{row.assignee ? row.assignee.name : t('unassigned')}</span>
      </span>
    </button>
  );
}
