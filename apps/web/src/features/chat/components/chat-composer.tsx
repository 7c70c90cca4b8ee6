import { CHAT_MESSAGE_MAX_CHARACTERS } from '@mekong/contracts/chat';
import { Paperclip, SendHorizontal } from 'lucide-react';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '@/components/button';
import { useChat } from '@/features/chat/hooks/chat-context';
import { CHAT_FILE_ACCEPT } from '@/features/chat/hooks/chat-file';

/** The counter shows from this many characters on, before the 2000 limit (docs/spec.md §2). */
const COUNTER_FROM = CHAT_MESSAGE_MAX_CHARACTERS - 200;

/** Where the customer writes: a text (Enter sends on a keyboard with a pointer, Shift+Enter a new line) or a file. */
export function ChatComposer() {
  const { t } = useTranslation();
  const chat = useChat();
  const [draft, setDraft] = useState('');
  const picker = useRef<HTMLInputElement>(null);
  const length = draft.trim().length;
  const isTooLong = length > CHAT_MESSAGE_MAX_CHARACTERS;

  const onSubmit = (event?: FormEvent) => {
    event?.preventDefault();
    if (chat.sendText(draft)) setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const hasFinePointer = window.matchMedia?.('(pointer: fine)').matches ?? false;
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing && hasFinePointer) onSubmit(event);
  };

  return (
    <form className="chat-composer" onSubmit={onSubmit}>
      <input
        ref={picker}
        type="file"
        accept={CHAT_FILE_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="chat-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) chat.sendFile(file);
        }}
      />
      <IconButton label={t('chat.attach')} tone="soft" onClick={() => picker.current?.click()} data-testid="chat-attach">
        <Paperclip size={20} aria-hidden />
      </IconButton>
      <div className="chat-composer__field">
        <textarea
          className="chat-composer__input"
          rows={1}
          value={draft}
          placeholder={t('chat.placeholder')}
          aria-label={t('chat.placeholder')}
          aria-invalid={isTooLong || undefined}
          aria-describedby={length >= COUNTER_FROM ? 'chat-counter' : undefined}
          data-testid="chat-input"
          onChange={(event) => {
            setDraft(event.target.value);
            chat.onDraftChange();
          }}
          onKeyDown={onKeyDown}
        />
        {length >= COUNTER_FROM && (
          <span id="chat-counter" className={`chat-composer__counter${isTooLong ? ' chat-composer__counter--over' : ''}`} data-testid="chat-counter">
            {t('chat.counter', { length, max: CHAT_MESSAGE_MAX_CHARACTERS })}
          </span>
        )}
      </div>
      <IconButton label={t('chat.send')} tone="soft" type="submit" className="chat-composer__send" disabled={length === 0 || isTooLong} data-testid="chat-send">
        <SendHorizontal size={20} aria-hidden />
      </IconButton>
    </form>
  );
}
