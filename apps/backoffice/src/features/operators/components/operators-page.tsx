import type { ColumnDef } from '@tanstack/react-table';
import { KeyRound, LockOpen, Pencil, UserCheck, UserPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorRow } from '@mekong/contracts/admin/operators';
import { Button } from '@/components/button';
import { DataTable } from '@/components/data-table';
import { Dialog } from '@/components/dialog';
import { PageHeader } from '@/components/page-header';
import { useAdminMutation } from '@/components/use-admin-mutation';
import { formatDateTime } from '@/lib/format';
import {
  OPERATORS_KEY,
  confirmOwner,
  createOperator,
  resetTwoFactor,
  unlockOperator,
  updateOperator,
  useOperators,
} from '@/features/operators/api/operators-api';
import { OperatorFormDialog } from '@/features/operators/components/operator-form-dialog';

const STATUS_BADGE: Record<OperatorRow['status'], string> = {
  active: 'badge--ok',
  pending: 'badge--warn',
  disabled: 'badge--danger',
};

export function OperatorsPage() {
  const { t, i18n } = useTranslation('operators');
  const list = useOperators();
  const [editing, setEditing] = useState<OperatorRow | null | 'new'>(null);
  const [resetting, setResetting] = useState<OperatorRow | null>(null);
  const [confirming, setConfirming] = useState<OperatorRow | null>(null);
  const [created, setCreated] = useState<{
    name: string;
    password: string;
    isPending: boolean;
  } | null>(null);
  const save = useAdminMutation({
    run: (values: {
      username: string;
      displayName: string;
      role: OperatorRow['role'];
      status: OperatorRow['status'];
    }) =>
      editing === 'new' || editing === null
        ? createOperator({
            username: values.username,
            displayName: values.displayName,
            role: values.role,
          })
        : updateOperator(editing.id, {
            displayName: values.displayName,
            role: values.role,
            // A pending owner is switched on by another owner's confirmation, not by an edit.
            status: values.status === 'pending' ? undefined : values.status,
          }),
    invalidates: [OPERATORS_KEY],
    onSuccess: (result) => {
      if ('initialPassword' in result)
        setCreated({
          name: result.operator.displayName,
          password: String(result.initialPassword),
          isPending: result.operator.status === 'pending',
        });
      setEditing(null);
    },
  });
  const reset = useAdminMutation({
    run: (id: string) => resetTwoFactor(id),
    invalidates: [OPERATORS_KEY],
    onSuccess: () => setResetting(null),
  });
  const confirm = useAdminMutation({
    run: (id: string) => confirmOwner(id),
    invalidates: [OPERATORS_KEY],
    successText: () => t('confirmed'),
    onSuccess: () => setConfirming(null),
  });
  const unlock = useAdminMutation({
    run: (id: string) => unlockOperator(id),
    invalidates: [OPERATORS_KEY],
  });

  const columns = useMemo<ColumnDef<OperatorRow, unknown>[]>(
    () => [
      {
        header: t('displayName'),
        cell: ({ row }) => (
          <span>
            <strong>{row.original.displayName}</strong>{' '}
            <small className="muted">@{row.original.username}</small>
          </span>
        ),
      },
      {
        header: t('role'),
        cell: ({ row }) => (
          <span className="badge badge--info">{t(`common:role.${row.original.role}`)}</span>
        ),
      },
      {
        header: t('status'),
        cell: ({ row }) => {
          const isLocked =
            row.original.lockedUntil !== null && new Date(row.original.lockedUntil) > new Date();
          return (
            <span className="claim">
              <span className={`badge ${STATUS_BADGE[row.original.status]}`}>
                {t(row.original.status)}
              </span>
              {isLocked ? <span className="badge badge--warn">{t('locked')}</span> : null}
            </span>
          );
        },
      },
      {
        header: t('twoFactor'),
        cell: ({ row }) => (
          <span>
            {row.original.isEnrolled ? (
              t('enrolled')
            ) : (
              <span className="muted">{t('notEnrolled')}</span>
            )}
            {row.original.isPasswordToSet ? (
              <>
                <br />
                <small className="muted">{t('passwordToSet')}</small>
              </>
            ) : null}
          </span>
        ),
      },
      {
        header: t('lastSeen'),
        cell: ({ row }) => formatDateTime(row.original.lastSeenAt, i18n.language),
      },
      {
        id: 'actions',
        header: '',
        cell: ({ row }) => (
          <span className="row-actions">
            {row.original.status === 'pending' ? (
              <Button variant="ghost" onClick={() => setConfirming(row.original)}>
                <UserCheck size={14} aria-hidden /> {t('confirm')}
              </Button>
            ) : null}
            <Button variant="ghost" onClick={() => setEditing(row.original)}>
              <Pencil size={14} aria-hidden /> {t('edit')}
            </Button>
            <Button
              variant="ghost"
              onClick={() => setResetting(row.original)}
              disabled={!row.original.isEnrolled}
            >
              <KeyRound size={14} aria-hidden /> {t('resetTwoFactor')}
            </Button>
            {row.original.lockedUntil && new Date(row.original.lockedUntil) > new Date() ? (
              <Button variant="ghost" onClick={() => unlock.mutate(row.original.id)}>
                <LockOpen size={14} aria-hidden /> {t('unlock')}
              </Button>
            ) : null}
          </span>
        ),
      },
    ],
    [t, i18n.language, unlock],
  );

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <Button onClick={() => setEditing('new')}>
            <UserPlus size={16} aria-hidden /> {t('add')}
          </Button>
        }
      />
      <DataTable
        columns={columns}
        rows={list.data?.rows}
        total={list.data?.rows.length ?? 0}
        page={1}
        pageSize={Math.max(1, list.data?.rows.length ?? 1)}
        onPageChange={() => undefined}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowId={(row) => row.id}
      />
      <OperatorFormDialog
        operator={editing === 'new' ? null : editing}
        isOpen={editing !== null}
        isBusy={save.isPending}
        onClose={() => setEditing(null)}
        onSave={(values) => save.mutate(values)}
      />
      <Dialog
        isOpen={resetting !== null}
        onClose={() => setResetting(null)}
        title={t('resetTwoFactor')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setResetting(null)}>
              {t('common:cancel')}
            </Button>
            <Button
              variant="danger"
              isBusy={reset.isPending}
              onClick={() => resetting && reset.mutate(resetting.id)}
            >
              {t('resetTwoFactor')}
            </Button>
          </>
        }
      >
        <p>{t('resetConfirm', { name: resetting?.displayName ?? '' })}</p>
      </Dialog>
      <Dialog
        isOpen={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('confirm')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              {t('common:cancel')}
            </Button>
            <Button
              isBusy={confirm.isPending}
              onClick={() => confirming && confirm.mutate(confirming.id)}
            >
              {t('confirm')}
            </Button>
          </>
        }
      >
        <p>{t('confirmBody', { name: confirming?.displayName ?? '' })}</p>
      </Dialog>
      <Dialog isOpen={created !== null} onClose={() => setCreated(null)} title={t('createdTitle')}>
        <p>{t('createdBody', { name: created?.name ?? '' })}</p>
        {created?.isPending ? <p className="muted">{t('createdPending')}</p> : null}
        <p className="muted">{t('initialPassword')}</p>
        <code className="secret" data-testid="initial-password">
          {created?.password}
        </code>
      </Dialog>
    </>
  );
}
