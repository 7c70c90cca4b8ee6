import { Plus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';

export type ChoicesDraft = { kind: 'buttons' | 'quick_replies'; titles: string[] };

/** Most choices each kind may carry (packages/contracts/src/chat.ts). */
const MAX_CHOICES = { buttons: 5, quick_replies: 10 } as const;

/** Choices offered with the message: buttons or quick replies; each sends back its own title when tapped. */
export function ChoicesEditor({
  draft,
  onChange,
}: {
  draft: ChoicesDraft;
  onChange: (draft: ChoicesDraft) => void;
}) {
  const { t } = useTranslation('chat');
  const setTitle = (index: number, title: string) =>
    onChange({ ...draft, titles: draft.titles.map((old, at) => (at === index ? title : old)) });
  return (
    <fieldset className="chat__choices-editor">
      <legend>{t('choices')}</legend>
      <label>
        <input
          type="radio"
          name="choice-kind"
          checked={draft.kind === 'quick_replies'}
          onChange={() => onChange({ kind: 'quick_replies', titles: draft.titles })}
        />{' '}
        {t('quickReplies')}
      </label>
      <label>
        <input
          type="radio"
          name="choice-kind"
          checked={draft.kind === 'buttons'}
          onChange={() =>
            onChange({ kind: 'buttons', titles: draft.titles.slice(0, MAX_CHOICES.buttons) })
          }
        />{' '}
        {t('buttons')}
      </label>
      <ol>
        {draft.titles.map((title, index) => (
          <li key={index}>
            <input
              aria-label={t('choiceN', { n: index + 1 })}
              value={title}
              maxLength={80}
              onChange={(event) => setTitle(index, event.target.value)}
            />
            <button
              type="button"
              className="icon-button"
              aria-label={t('removeChoice')}
              onClick={() =>
                onChange({ ...draft, titles: draft.titles.filter((_, at) => at !== index) })
              }
            >
              <X size={14} aria-hidden />
            </button>
          </li>
        ))}
      </ol>
      {draft.titles.length < MAX_CHOICES[draft.kind] ? (
        <Button
          variant="ghost"
          onClick={() => onChange({ ...draft, titles: [...draft.titles, ''] })}
        >
          <Plus size={14} aria-hidden /> {t('addChoice')}
        </Button>
      ) : null}
    </fieldset>
  );
}
