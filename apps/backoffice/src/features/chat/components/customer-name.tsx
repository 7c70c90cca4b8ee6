import { useTranslation } from 'react-i18next';
import type { AdminChatConversation } from '@mekong/contracts/admin/chat';

/** A member's name and username, or "Guest" with the end of the guest id (enough to tell two guests apart). */
export function CustomerName({ conversation }: { conversation: AdminChatConversation }) {
  const { t } = useTranslation('chat');
  if (conversation.member)
    return (
      <>
        {conversation.member.name || conversation.member.username}{' '}
        <small className="muted">{conversation.member.username}</small>
      </>
    );
  return (
    <>
      {t('guest')} <small className="muted">{(conversation.guestId ?? '').slice(-6)}</small>
    </>
  );
}
