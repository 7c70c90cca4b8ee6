import { CheckCheck, Lock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminChatMessage } from '@mekong/contracts/admin/chat';
import type { ChatChoice } from '@mekong/contracts/chat';
import { Button } from '@/components/button';
import { formatDateTime } from '@/lib/format';
import { CheckSlipDialog } from '@/features/chat/components/check-slip-dialog';

type MessageBubbleProps = {
  message: AdminChatMessage;
  conversationId: string;
  /** The customer has read up to this (agent) message. */
  isSeen: boolean;
};

/** One message: the customer's on the left, agents' on the right, private notes marked and never sent to the customer. */
export function MessageBubble({ message, conversationId, isSeen }: MessageBubbleProps) {
  const { t, i18n } = useTranslation('chat');
  const side = message.sender === 'customer' ? 'customer' : 'agent';
  const kind = message.isPrivateNote ? ' chat__bubble--note' : '';
  return (
    <article
      className={`chat__bubble chat__bubble--${side}${kind}`}
      data-testid={message.isPrivateNote ? 'chat-note' : 'chat-message'}
    >
      {message.isPrivateNote ? (
        <p className="chat__note-label">
          <Lock size={12} aria-hidden /> {t('privateNote')}
        </p>
      ) : null}
      <MessageBody message={message} conversationId={conversationId} />
      <footer className="chat__bubble-meta">
        <span>
          {side === 'agent'
            ? (message.operator?.name ?? message.name ?? t('agent'))
            : (message.name ?? '')}
        </span>
        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, i18n.language)}</time>
        {isSeen ? (
          <span className="chat__seen">
            <CheckCheck size={14} aria-hidden /> {t('seen')}
          </span>
        ) : null}
      </footer>
    </article>
  );
}

function MessageBody({
  message,
  conversationId,
}: {
  message: AdminChatMessage;
  conversationId: string;
}) {
  const { t } = useTranslation('chat');
  const [isCheckOpen, setIsCheckOpen] = useState(false);
  const body = message.message;
  switch (body.message_type) {
    case 'text':
      return <p className="chat__text">{body.payload.message}</p>;
    case 'media':
      return (
        <>
          {body.payload.fileType === 'image' ? (
            <a href={body.payload.url} target="_blank" rel="noreferrer">
              <img className="chat__media" src={body.payload.url} alt={t('image')} />
            </a>
          ) : body.payload.fileType === 'video' ? (
            <video className="chat__media" src={body.payload.url} controls preload="metadata" />
          ) : (
            <a href={body.payload.url} target="_blank" rel="noreferrer">
              {t('file')}
            </a>
          )}
          {body.payload.message ? <p className="chat__text">{body.payload.message}</p> : null}
          {body.payload.fileType === 'image' && message.sender === 'customer' ? (
            <>
              <Button variant="secondary" onClick={() => setIsCheckOpen(true)}>
                {t('checkSlip')}
              </Button>
              {isCheckOpen ? (
                <CheckSlipDialog
                  conversationId={conversationId}
                  path={body.payload.filePath}
                  onClose={() => setIsCheckOpen(false)}
                />
              ) : null}
            </>
          ) : null}
        </>
      );
    case 'buttons':
      return (
        <Choices text={body.payload.message} choices={body.payload.buttons} label={t('buttons')} />
      );
    case 'quick_replies':
      return (
        <Choices
          text={body.payload.message}
          choices={body.payload.replies}
          label={t('quickReplies')}
        />
      );
    case 'generic':
      return (
        <ul className="chat__cards">
          {body.payload.elements.map((element, index) => (
            <li key={index}>
              <strong>{element.title}</strong>
              {element.subtitle ? <p className="chat__text">{element.subtitle}</p> : null}
            </li>
          ))}
        </ul>
      );
    case 'postback':
      return <p className="chat__text">{t('tapped', { title: body.payload.title })}</p>;
  }
}

function Choices({ text, choices, label }: { text: string; choices: ChatChoice[]; label: string }) {
  return (
    <>
      <p className="chat__text">{text}</p>
      <ul className="chat__choices" aria-label={label}>
        {choices.map((choice) => (
          <li key={choice.payload}>{choice.title}</li>
        ))}
      </ul>
    </>
  );
}
