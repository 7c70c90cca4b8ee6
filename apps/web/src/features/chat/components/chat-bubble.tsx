import type { ChatChoice, ChatMessageBody } from '@mekong/contracts/chat';
import { Check, CheckCheck, Clock, FileDown, RotateCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/modal';
import { API_BASE_URL } from '@/lib/config';
import { formatTime } from '@/lib/format';
import type { ChatItem } from '@/features/chat/hooks/chat-messages';

type ChoiceHandler = (choice: ChatChoice) => void;

/** A stored media address is the server's path; the API may live on another origin. */
function mediaAddress(url: string): string {
  return url.startsWith('/') ? `${API_BASE_URL}${url}` : url;
}

function ChoiceButtons({ choices, onChoice, variant }: { choices: ChatChoice[]; onChoice: ChoiceHandler; variant: 'buttons' | 'chips' }) {
  return (
    <div className={`chat-choices chat-choices--${variant}`}>
      {choices.map((choice) => (
        <button key={`${choice.title}-${choice.payload}`} type="button" className="chat-choice" onClick={() => onChoice(choice)}>
          {choice.title}
        </button>
      ))}
    </div>
  );
}

function ChatImage({ src, caption }: { src: string; caption?: string }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="chat-media" onClick={() => setOpen(true)} aria-label={t('chat.openImage')}>
        <img src={src} alt={caption ?? t('chat.image')} loading="lazy" decoding="async" />
      </button>
      <Modal isOpen={isOpen} onOpenChange={setOpen} title={t('chat.image')} testId="chat-image-viewer" className="chat-viewer">
        <img className="chat-viewer__image" src={src} alt={caption ?? t('chat.image')} />
      </Modal>
    </>
  );
}

function MediaContent({ body, previewUrl }: { body: Extract<ChatMessageBody, { message_type: 'media' }>; previewUrl?: string }) {
  const { t } = useTranslation();
  const { fileType, url, message } = body.payload;
  const src = previewUrl ?? (url ? mediaAddress(url) : '');
  return (
    <>
      {fileType === 'image' && src && <ChatImage src={src} caption={message} />}
      {fileType === 'video' && src && <video className="chat-video" src={src} controls playsInline preload="metadata" />}
      {fileType === 'file' && src && (
        <a className="chat-file" href={src} target="_blank" rel="noopener noreferrer">
          <FileDown size={20} aria-hidden /> {t('chat.file')}
        </a>
      )}
      {message && <p className="chat-bubble__text">{message}</p>}
    </>
  );
}

/** What a message says, by its type (docs/spec.md §3). */
function MessageContent({ item, isLast, onChoice }: { item: ChatItem; isLast: boolean; onChoice: ChoiceHandler }) {
  const { body } = item;
  switch (body.message_type) {
    case 'text':
      return <p className="chat-bubble__text">{body.payload.message}</p>;
    case 'postback':
      return <p className="chat-bubble__text">{body.payload.title}</p>;
    case 'media':
      return <MediaContent body={body} previewUrl={item.previewUrl} />;
    case 'buttons':
      return (
        <>
          <p className="chat-bubble__text">{body.payload.message}</p>
          <ChoiceButtons choices={body.payload.buttons} onChoice={onChoice} variant="buttons" />
        </>
      );
    case 'quick_replies':
      return (
        <>
          <p className="chat-bubble__text">{body.payload.message}</p>
          {/* Quick replies answer the newest question only: once the talk moved on they go. */}
          {isLast && <ChoiceButtons choices={body.payload.replies} onChoice={onChoice} variant="chips" />}
        </>
      );
    case 'generic':
      return (
        <div className="chat-cards">
          {body.payload.elements.map((element, index) => (
            <article key={`${element.title}-${index}`} className="chat-card">
              {element.imageUrl && <img className="chat-card__image" src={mediaAddress(element.imageUrl)} alt="" loading="lazy" />}
              <div className="chat-card__body">
                <h3 className="chat-card__title">{element.title}</h3>
                {element.subtitle && <p className="chat-card__subtitle">{element.subtitle}</p>}
              </div>
              {element.buttons && element.buttons.length > 0 && <ChoiceButtons choices={element.buttons} onChoice={onChoice} variant="buttons" />}
            </article>
          ))}
        </div>
      );
  }
}

type DeliveryProps = { item: ChatItem; isRead: boolean; onResend: (clientId: string) => void; onRemove: (clientId: string) => void };

/** Under the customer's own message: its time and delivery status; a failed one offers to send again (or remove media). */
function Delivery({ item, isRead, onResend, onRemove }: DeliveryProps) {
  const { t } = useTranslation();
  if (item.status === 'failed')
    return (
      <div className="chat-delivery chat-delivery--failed" data-testid="chat-failed">
        <span>{t('chat.status.failed')}</span>
        <button type="button" className="chat-delivery__action" onClick={() => onResend(item.clientId)} data-testid="chat-resend">
          <RotateCw size={14} aria-hidden /> {t('chat.resend')}
        </button>
        {item.body.message_type === 'media' && (
          <button type="button" className="chat-delivery__action" onClick={() => onRemove(item.clientId)} data-testid="chat-remove">
            <Trash2 size={14} aria-hidden /> {t('chat.remove')}
          </button>
        )}
      </div>
    );
  if (item.status === 'uploading_file' || item.status === 'sending')
    return (
      <div className="chat-delivery" data-status={item.status}>
        <Clock size={13} aria-hidden /> {t(item.status === 'sending' ? 'chat.status.sending' : 'chat.status.uploading')}
      </div>
    );
  return (
    <div className="chat-delivery" data-status={item.status}>
      <time dateTime={item.createdAt}>{formatTime(item.createdAt)}</time>
      {isRead ? (
        <span className="chat-delivery__read" data-testid="chat-read">
          <CheckCheck size={14} aria-hidden /> {t('chat.read')}
        </span>
      ) : (
        <Check size={14} aria-label={t('chat.status.succeed')} />
      )}
    </div>
  );
}

type ChatBubbleProps = DeliveryProps & { isLast: boolean; onChoice: ChoiceHandler };

export function ChatBubble({ item, isLast, isRead, onChoice, onResend, onRemove }: ChatBubbleProps) {
  const { t } = useTranslation();
  const isOwn = item.sender === 'customer';
  const isWide = item.body.message_type === 'generic';
  return (
    <li className={`chat-row chat-row--${isOwn ? 'own' : 'other'}`} data-testid="chat-message" data-client-id={item.clientId} data-status={item.status}>
      <div className={`chat-bubble chat-bubble--${item.body.message_type}${isWide ? ' chat-bubble--wide' : ''}`}>
        {!isOwn && <span className="sr-only">{t('chat.agent')}</span>}
        <MessageContent item={item} isLast={isLast} onChoice={onChoice} />
      </div>
      {isOwn ? (
        <Delivery item={item} isRead={isRead} onResend={onResend} onRemove={onRemove} />
      ) : (
        <div className="chat-delivery">
          <time dateTime={item.createdAt}>{formatTime(item.createdAt)}</time>
        </div>
      )}
    </li>
  );
}
