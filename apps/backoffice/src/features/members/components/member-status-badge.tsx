import { useTranslation } from 'react-i18next';

export function MemberStatusBadge({ status }: { status: 'active' | 'suspended' }) {
  const { t } = useTranslation('members');
  return (
    <span className={`badge ${status === 'active' ? 'badge--ok' : 'badge--danger'}`}>
      {t(`status.${status}`)}
    </span>
  );
}

const STATE_TONE: Record<string, string> = {
  posted: 'badge--ok',
  succeeded: 'badge--ok',
  success: 'badge--ok',
  completed: 'badge--ok',
  active: 'badge--info',
  processing: 'badge--info',
  pending: 'badge--warn',
  pending_approval: 'badge--warn',
  awaiting_approval: 'badge--warn',
  failed: 'badge--danger',
  rejected: 'badge--danger',
  lost: 'badge--danger',
};

/** The state of a transfer, withdrawal, slip, bonus or adjustment, in the operator's language. */
export function StateBadge({ status }: { status: string }) {
  const { t } = useTranslation('members');
  return (
    <span className={`badge ${STATE_TONE[status] ?? ''}`}>
      {t(`state.${status}`, { defaultValue: status })}
    </span>
  );
}
