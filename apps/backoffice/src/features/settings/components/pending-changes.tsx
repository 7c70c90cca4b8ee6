import { useTranslation } from 'react-i18next';
import type { PendingSettingChange } from '@mekong/contracts/admin/setting-changes';
import { Button } from '@/components/button';
import { useAdminMutation } from '@/components/use-admin-mutation';
import { formatDateTime } from '@/lib/format';
import {
  ACCOUNTS_KEY,
  cancelChange,
  confirmChange,
  PENDING_KEY,
  SETTINGS_KEY,
  usePendingChanges,
} from '@/features/settings/api/settings-api';
import { changeLines, SUBJECT_TITLES } from '@/features/settings/hooks/pending-change-lines';

const REFRESHED = [PENDING_KEY, SETTINGS_KEY, ACCOUNTS_KEY];

/**
 * Every money-critical change waiting for a second operator or its hour (docs/back-office/settings.md), above the
 * tabs: a second operator confirms it, an owner cancels it.
 */
export function PendingChangesPanel() {
  const { t } = useTranslation('settings');
  const rows = usePendingChanges().data ?? [];
  if (rows.length === 0) return null;
  return (
    <section className="card pending-changes" data-testid="pending-changes">
      <h2 className="setting-card__title">{t('pending.title')}</h2>
      <p className="muted setting-card__hint">{t('pending.hint')}</p>
      <ul className="pending-list">
        {rows.map((change) => (
          <PendingChangeItem key={change.id} change={change} />
        ))}
      </ul>
    </section>
  );
}

function PendingChangeItem({ change }: { change: PendingSettingChange }) {
  const { t, i18n } = useTranslation('settings');
  const confirm = useAdminMutation({
    run: () => confirmChange(change.id),
    invalidates: REFRESHED,
    successText: () => t('pending.confirmed'),
  });
  const cancel = useAdminMutation({
    run: () => cancelChange(change.id),
    invalidates: REFRESHED,
    successText: () => t('pending.cancelled'),
  });
  const accountNo = change.subject === 'operatorAccount' ? String(change.value.accountNo) : null;
  return (
    <li className="pending-item" data-testid={`pending-${change.subject}`}>
      <div className="pending-item__head">
        <strong>
          {t(SUBJECT_TITLES[change.subject])}
          {accountNo ? ` · ${accountNo}` : ''}
        </strong>
        {accountNo && change.before === null ? (
          <span className="badge badge--warn">{t('pending.new')}</span>
        ) : null}
      </div>
      <ChangeLinesView change={change} />
      <p className="muted pending-item__when">
        {t('pending.requestedBy', {
          name: change.requestedBy,
          time: formatDateTime(change.requestedAt, i18n.language),
        })}
        {' · '}
        {t('pending.waitingUntil', { time: formatDateTime(change.effectiveAt, i18n.language) })}
      </p>
      <div className="row-actions">
        {change.canConfirm ? (
          <Button
            onClick={() => confirm.mutate(undefined)}
            isBusy={confirm.isPending}
            data-testid="pending-confirm"
          >
            {t('pending.confirm')}
          </Button>
        ) : (
          <span className="muted">{t('pending.cannotConfirm')}</span>
        )}
        {change.canCancel ? (
          <Button
            variant="secondary"
            onClick={() => cancel.mutate(undefined)}
            isBusy={cancel.isPending}
            data-testid="pending-cancel"
          >
            {t('pending.cancel')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** On a card whose change waits: the value waiting and when it takes effect by itself. */
export function PendingNote({ change }: { change: PendingSettingChange }) {
  const { t, i18n } = useTranslation('settings');
  return (
    <div className="notice notice--warn pending-note" data-testid="pending-note">
      <div>
        <strong>
          {t('pending.waitingUntil', { time: formatDateTime(change.effectiveAt, i18n.language) })}
        </strong>
        <ChangeLinesView change={change} />
      </div>
    </div>
  );
}

function ChangeLinesView({ change }: { change: PendingSettingChange }) {
  const { t } = useTranslation('settings');
  return (
    <dl className="change-lines">
      {changeLines(t, change).map((line) => (
        <div key={line.label}>
          <dt>{line.label}</dt>
          <dd>
            {line.before !== null ? (
              <>
                <s>{line.before}</s> →{' '}
              </>
            ) : null}
            <strong>{line.after}</strong>
          </dd>
        </div>
      ))}
    </dl>
  );
}
