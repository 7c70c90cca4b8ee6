import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CannedReply } from '@mekong/contracts/admin/chat';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { useAdminMutation } from '@/components/use-admin-mutation';
import {
  CANNED_KEY,
  deleteCanned,
  saveCanned,
  type CannedInput,
} from '@/features/chat/api/chat-api';

type Draft = CannedInput & { id?: string };
const EMPTY: Draft = { title: '', text: '' };

/** The agents' shared canned replies: a list with edit and delete, and a form for a new or edited one. */
export function CannedDialog({ rows, onClose }: { rows: CannedReply[]; onClose: () => void }) {
  const { t } = useTranslation('chat');
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const save = useAdminMutation({
    run: (input: Draft) => saveCanned(input),
    invalidates: [CANNED_KEY],
    onSuccess: () => setDraft(EMPTY),
  });
  const remove = useAdminMutation({
    run: (id: string) => deleteCanned(id),
    invalidates: [CANNED_KEY],
  });

  return (
    <Dialog isOpen onClose={onClose} title={t('canned.title')} size="wide">
      <ul className="chat__canned-list">
        {rows.length === 0 ? <li className="muted">{t('canned.none')}</li> : null}
        {rows.map((row) => (
          <li key={row.id}>
            <div>
              <strong>{row.title}</strong>
              <p className="chat__text muted">{row.text}</p>
            </div>
            <span className="row-actions">
              <Button
                variant="ghost"
                onClick={() => setDraft({ id: row.id, title: row.title, text: row.text })}
              >
                {t('canned.edit')}
              </Button>
              <Button
                variant="danger"
                onClick={() => remove.mutate(row.id)}
                isBusy={remove.isPending}
              >
                {t('canned.delete')}
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(draft);
        }}
      >
        <h3>{draft.id ? t('canned.editing') : t('canned.new')}</h3>
        <label className="field">
          <span>{t('canned.titleLabel')}</span>
          <input
            value={draft.title}
            maxLength={80}
            required
            onChange={(event) => setDraft({ ...draft, title: event.target.value })}
          />
        </label>
        <label className="field">
          <span>{t('canned.textLabel')}</span>
          <textarea
            value={draft.text}
            rows={3}
            maxLength={2000}
            required
            onChange={(event) => setDraft({ ...draft, text: event.target.value })}
          />
        </label>
        <div className="form__actions">
          {draft.id ? (
            <Button variant="ghost" onClick={() => setDraft(EMPTY)}>
              {t('common:cancel')}
            </Button>
          ) : null}
          <Button type="submit" isBusy={save.isPending}>
            {t('common:save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
