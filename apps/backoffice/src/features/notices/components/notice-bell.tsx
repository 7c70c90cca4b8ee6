import { useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Notice } from '@mekong/contracts/admin/notices';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { QueryState } from '@/components/query-state';
import { markNoticesRead, NOTICES_KEY, useNotices } from '@/features/notices/api/notices-api';
import { noticeLink, useNoticeText } from '@/features/notices/hooks/notice-text';
import { formatDateTime } from '@/lib/format';
import '@/features/notices/components/notices.css';

/**
 * The header's bell (docs/back-office/notices.md): how many notices are unread; opening it lists the newest and marks
 * them read. The ones unread at opening keep their mark while the panel is open.
 */
export function NoticeBell() {
  const { t } = useTranslation('notices');
  const queryClient = useQueryClient();
  const notices = useNotices();
  const [newIds, setNewIds] = useState<ReadonlySet<string> | null>(null);
  const unread = notices.data?.unread ?? 0;

  const onOpen = () => {
    const rows = notices.data?.rows ?? [];
    setNewIds(new Set(rows.filter((n) => n.readAt === null).map((n) => n.id)));
    if (unread > 0)
      void markNoticesRead()
        .catch(() => undefined)
        .then(() => queryClient.invalidateQueries({ queryKey: NOTICES_KEY }));
  };
  const onClose = () => setNewIds(null);

  return (
    <>
      <Button
        variant="ghost"
        className="notice-bell"
        onClick={onOpen}
        aria-label={t('bellLabel', { count: unread })}
        data-testid="notice-bell"
      >
        <Bell size={18} aria-hidden />
        {unread > 0 ? (
          <span className="notice-bell__count" aria-hidden>
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Button>
      <Dialog isOpen={newIds !== null} onClose={onClose} title={t('title')} size="panel">
        <QueryState query={notices}>
          {({ rows }) => <NoticeList rows={rows} newIds={newIds} onFollow={onClose} />}
        </QueryState>
      </Dialog>
    </>
  );
}

function NoticeList({
  rows,
  newIds,
  onFollow,
}: {
  rows: Notice[];
  newIds: ReadonlySet<string> | null;
  onFollow: () => void;
}) {
  const { t, i18n } = useTranslation('notices');
  const sentence = useNoticeText();
  if (rows.length === 0) return <p className="muted notice-list__empty">{t('empty')}</p>;
  return (
    <ul className="notice-list" data-testid="notice-list">
      {rows.map((notice) => {
        const isNew = newIds?.has(notice.id) ?? false;
        return (
          <li key={notice.id} className={`notice-list__item${isNew ? ' is-new' : ''}`}>
            <p className="notice-list__text">{sentence(notice)}</p>
            <div className="notice-list__meta">
              {isNew ? <span className="badge badge--info">{t('new')}</span> : null}
              <time dateTime={notice.createdAt}>
                {formatDateTime(notice.createdAt, i18n.language)}
              </time>
              <Link to={noticeLink(notice)} onClick={onFollow} className="notice-list__link">
                {t('open')}
              </Link>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
