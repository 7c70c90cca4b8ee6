import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { useCannedReplies } from '@/features/chat/api/chat-api';
import { CannedDialog } from '@/features/chat/components/canned-dialog';

/** Picks a canned reply into the composer; "Manage" opens the list to create, edit or delete them. */
export function CannedPicker({ onInsert }: { onInsert: (text: string) => void }) {
  const { t } = useTranslation('chat');
  const canned = useCannedReplies();
  const [isManaging, setIsManaging] = useState(false);
  return (
    <span className="chat__canned">
      <label className="visually-hidden" htmlFor="chat-canned">
        {t('canned.pick')}
      </label>
      <select
        id="chat-canned"
        value=""
        onChange={(event) => {
          const picked = canned.data?.find((row) => row.id === event.target.value);
          if (picked) onInsert(picked.text);
        }}
      >
        <option value="">{t('canned.pick')}</option>
        {canned.data?.map((row) => (
          <option key={row.id} value={row.id}>
            {row.title}
          </option>
        ))}
      </select>
      <Button variant="ghost" onClick={() => setIsManaging(true)}>
        {t('canned.manage')}
      </Button>
      {isManaging ? (
        <CannedDialog rows={canned.data ?? []} onClose={() => setIsManaging(false)} />
      ) : null}
    </span>
  );
}
