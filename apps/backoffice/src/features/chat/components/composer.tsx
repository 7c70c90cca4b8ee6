import { Paperclip, Send } from 'lucide-react';
import { useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { AdminChatMessage } from '@mekong/contracts/admin/chat';
import { hasVisibleContent } from '@mekong/contracts/fields';
import {
  CHAT_FILE_EXTENSIONS,
  CHAT_FILE_MAX_BYTES,
  CHAT_MESSAGE_MAX_CHARACTERS,
  CHAT_VIDEO_MAX_BYTES,
  type ChatMessageBody,
} from '@mekong/contracts/chat';
import { Button } from '@/components/button';
import { useErrorText } from '@/components/error-text';
import { sendMessage, uploadMedia } from '@/features/chat/api/chat-api';
import { CannedPicker } from '@/features/chat/components/canned-picker';
import { ChoicesEditor, type ChoicesDraft } from '@/features/chat/components/choices-editor';
import { useTypingSignal } from '@/features/chat/hooks/use-typing-signal';
import { newClientId } from '@/features/chat/hooks/merge-messages';

type ComposerProps = {
  conversationId: string;
  /** Only the assignee answers the customer; any agent may write a private note. */
  isAssignedToMe: boolean;
  onSent: (message: AdminChatMessage) => void;
};

const ACCEPT = CHAT_FILE_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/** What the agent writes: text (Enter sends, Shift+Enter a new line), a file, choices, canned replies, or a private note. */
export function Composer({ conversationId, isAssignedToMe, onSent }: ComposerProps) {
  const { t } = useTranslation('chat');
  const errorText = useErrorText();
  const [text, setText] = useState('');
  const [isNote, setIsNote] = useState(false);
  const [choices, setChoices] = useState<ChoicesDraft | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const signalTyping = useTypingSignal(conversationId);
  const canSend = isNote || isAssignedToMe;

  const send = async (message: ChatMessageBody) => {
    setIsBusy(true);
    try {
      const answer = await sendMessage(conversationId, {
        clientId: newClientId(),
        message,
        isPrivateNote: isNote,
      });
      onSent(answer.message);
      return true;
    } catch (error) {
      toast.error(errorText(error));
      return false;
    } finally {
      setIsBusy(false);
    }
  };

  const onSubmit = async () => {
    const trimmed = text.trim();
    // A note is text only: choices are for the customer.
    const offered = isNote
      ? []
      : (choices?.titles.map((title) => title.trim()).filter(Boolean) ?? []);
    // Invisible characters alone are no text (the server refuses them: CHAT_MESSAGE_INVALID).
    if (!hasVisibleContent(trimmed) || isBusy || !canSend) return;
    const toChoices = (titles: string[]) => titles.map((title) => ({ title, payload: title }));
    const message: ChatMessageBody =
      choices && offered.length > 0
        ? choices.kind === 'buttons'
          ? { message_type: 'buttons', payload: { message: trimmed, buttons: toChoices(offered) } }
          : {
              message_type: 'quick_replies',
              payload: { message: trimmed, replies: toChoices(offered) },
            }
        : { message_type: 'text', payload: { message: trimmed } };
    signalTyping(false);
    if (await send(message)) {
      setText('');
      setChoices(null);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void onSubmit();
    }
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(CHAT_FILE_EXTENSIONS as readonly string[]).includes(ext)) {
      toast.error(t('fileNotSupported'));
      return;
    }
    const isVideo = ext === 'mp4' || ext === 'mov';
    const max = isVideo ? CHAT_VIDEO_MAX_BYTES : CHAT_FILE_MAX_BYTES;
    if (file.size > max) {
      toast.error(t('fileTooLarge', { size: max / 1024 / 1024 }));
      return;
    }
    setIsBusy(true);
    try {
      const uploaded = await uploadMedia(conversationId, file);
      const caption = text.trim();
      const sent = await send({
        message_type: 'media',
        payload: {
          url: uploaded.url,
          fileType: uploaded.fileType,
          filePath: uploaded.path,
          ...(caption ? { message: caption } : {}),
        },
      });
      if (sent) setText('');
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <div className={`chat__composer${isNote ? ' chat__composer--note' : ''}`}>
      {!canSend ? <p className="chat__hint">{t('assignToAnswer')}</p> : null}
      {choices && !isNote ? <ChoicesEditor draft={choices} onChange={setChoices} /> : null}
      <label className="visually-hidden" htmlFor="chat-text">
        {isNote ? t('notePlaceholder') : t('messagePlaceholder')}
      </label>
      <textarea
        id="chat-text"
        className="chat__input"
        rows={2}
        value={text}
        maxLength={CHAT_MESSAGE_MAX_CHARACTERS}
        placeholder={isNote ? t('notePlaceholder') : t('messagePlaceholder')}
        onChange={(event) => {
          setText(event.target.value);
          if (!isNote) signalTyping(event.target.value.length > 0);
        }}
        onKeyDown={onKeyDown}
      />
      <div className="chat__tools">
        <label className="chat__note-toggle">
          <input
            type="checkbox"
            role="switch"
            checked={isNote}
            onChange={(event) => {
              setIsNote(event.target.checked);
              if (event.target.checked) signalTyping(false);
            }}
          />
          {t('noteToggle')}
        </label>
        <CannedPicker
          onInsert={(canned) => setText((now) => (now ? `${now}\n${canned}` : canned))}
        />
        {isNote ? null : (
          <Button
            variant="ghost"
            aria-pressed={choices !== null}
            onClick={() => setChoices(choices ? null : { kind: 'quick_replies', titles: [''] })}
          >
            {t('addChoices')}
          </Button>
        )}
        <span className="chat__send">
          <input
            ref={fileRef}
            type="file"
            accept={ACCEPT}
            hidden
            data-testid="chat-file"
            onChange={(event) => void onFile(event)}
          />
          <Button
            variant="ghost"
            aria-label={t('attach')}
            title={t('attach')}
            disabled={!canSend || isBusy}
            onClick={() => fileRef.current?.click()}
          >
            <Paperclip size={16} aria-hidden />
          </Button>
          <Button
            onClick={() => void onSubmit()}
            isBusy={isBusy}
            disabled={!canSend || text.trim().length === 0}
          >
            <Send size={16} aria-hidden /> {isNote ? t('addNote') : t('send')}
          </Button>
        </span>
      </div>
    </div>
  );
}
