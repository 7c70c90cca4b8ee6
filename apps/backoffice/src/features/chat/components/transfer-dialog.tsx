import { useTranslation } from 'react-i18next';
import type { AdminChatConversation } from '@mekong/contracts/admin/chat';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { QueryState } from '@/components/query-state';
import { useAdminMutation } from '@/components/use-admin-mutation';
import { CHAT_KEY, assignConversation, useAgents } from '@/features/chat/api/chat-api';

/** Hands the conversation to another agent: who is online, how many conversations each holds against the limit. */
export function TransferDialog({
  conversation,
  onClose,
}: {
  conversation: AdminChatConversation;
  onClose: () => void;
}) {
  const { t } = useTranslation('chat');
  const agents = useAgents();
  const transfer = useAdminMutation({
    run: (operatorId: string) => assignConversation(conversation.id, operatorId),
    invalidates: [CHAT_KEY],
    successText: (result) => t('transferred', { name: result.assignee?.name ?? '' }),
    onSuccess: onClose,
  });

  return (
    <Dialog isOpen onClose={onClose} title={t('transferTitle')}>
      <QueryState query={agents}>
        {({ agents: rows, limit }) => (
          <ul className="chat__agents">
            {rows.map((agent) => {
              const isFull = agent.assignedCount >= limit;
              const isCurrent = agent.id === conversation.assignee?.id;
              return (
                <li key={agent.id}>
                  <span className={`chat__dot${agent.isOnline ? ' is-online' : ''}`} aria-hidden />
                  <span className="chat__agent-name">
                    {agent.name}
                    <small className="muted">
                      {' '}
                      {agent.isOnline ? t('online') : t('offline')} ·{' '}
                      {t('load', { count: agent.assignedCount, limit })}
                    </small>
                  </span>
                  <Button
                    variant="secondary"
                    disabled={isFull || isCurrent}
                    isBusy={transfer.isPending && transfer.variables === agent.id}
                    onClick={() => transfer.mutate(agent.id)}
                  >
                    {isCurrent ? t('current') : isFull ? t('full') : t('transferTo')}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
    </Dialog>
  );
}
