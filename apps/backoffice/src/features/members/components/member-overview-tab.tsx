import { ledgerCurrency } from '@mekong/contracts/constants';
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MemberDetail } from '@mekong/contracts/admin/members';
import { DataTable } from '@/components/data-table';
import { Facts } from '@/components/facts';
import { wholeListProps } from '@/components/table-props';
import { formatDateTime, formatMinor } from '@/lib/format';
import { stateColumn } from '@/features/members/components/member-columns';

type Bonus = MemberDetail['bonuses'][number];
type Session = MemberDetail['sessions'][number];

/** A short list that comes whole with the member's detail: one page, no paging. */
function WholeListTable<T extends { id: string }>(props: {
  title: string;
  columns: ColumnDef<T, unknown>[];
  rows: T[];
  emptyText: string;
}) {
  return (
    <section>
      <h2>{props.title}</h2>
      <DataTable
        columns={props.columns}
        {...wholeListProps(props.rows)}
        emptyText={props.emptyText}
        rowId={(row) => row.id}
      />
    </section>
  );
}

/** Profile, who invited the member, their bonuses and their sessions (devices, addresses, last use). */
export function MemberOverviewTab({ detail }: { detail: MemberDetail }) {
  const { t, i18n } = useTranslation('members');
  const { member, invitedBy, invitees } = detail;
  const currency = ledgerCurrency(member.currency);
  const when = useCallback(
    (iso: string | null) => formatDateTime(iso, i18n.language),
    [i18n.language],
  );

  const bonusColumns = useMemo<ColumnDef<Bonus, unknown>[]>(
    () => [
      { header: t('bonusCode'), cell: ({ row }) => <code>{row.original.bonusCode}</code> },
      stateColumn(t('statusLabel')),
      {
        header: t('bonusAmount'),
        cell: ({ row }) => (
          <span className="num">{formatMinor(row.original.bonusMinor, currency)}</span>
        ),
      },
      {
        header: t('deposit'),
        cell: ({ row }) => (
          <span className="num">{formatMinor(row.original.depositMinor, currency)}</span>
        ),
      },
      { header: t('started'), cell: ({ row }) => when(row.original.createdAt) },
      { header: t('expires'), cell: ({ row }) => when(row.original.expiresAt) },
      { header: t('ended'), cell: ({ row }) => when(row.original.endedAt) },
    ],
    [t, when, currency],
  );
  const sessionColumns = useMemo<ColumnDef<Session, unknown>[]>(
    () => [
      {
        header: t('statusLabel'),
        cell: ({ row }) => (
          <span className={`badge ${row.original.isLive ? 'badge--ok' : ''}`}>
            {row.original.isLive ? t('live') : t('ended')}
          </span>
        ),
      },
      { header: t('ip'), cell: ({ row }) => row.original.ip ?? '—' },
      {
        header: t('device'),
        cell: ({ row }) => <small>{row.original.userAgent ?? '—'}</small>,
      },
      { header: t('signedIn'), cell: ({ row }) => when(row.original.createdAt) },
      { header: t('lastUsed'), cell: ({ row }) => when(row.original.lastUsedAt) },
    ],
    [t, when],
  );

  return (
    <div className="form">
      <section className="card">
        <Facts
          rows={[
            { label: t('publicId'), value: <code>{member.publicId}</code> },
            { label: t('internalId'), value: <code>{member.id}</code> },
            { label: t('phone'), value: member.phone },
            { label: t('currency'), value: currency },
            {
              label: t('bankAccount'),
              value: (
                <>
                  {member.bankAccountNo
                    ? `${(i18n.language === 'th' ? member.bankNameTh : member.bankName) ?? member.bankCode ?? ''} ${member.bankAccountNo} · ${member.bankAccountName ?? ''}`
                    : '—'}
                  {member.bankChangedAt ? (
                    <small className="muted">
                      {' '}
                      ({t('bankChanged', { at: when(member.bankChangedAt) })})
                    </small>
                  ) : null}
                </>
              ),
            },
            { label: t('registered'), value: when(member.createdAt) },
            {
              label: t('invitedBy'),
              value: invitedBy ? (
                <Link to={`/members/${invitedBy.id}`}>
                  {invitedBy.name} ({invitedBy.publicId})
                </Link>
              ) : (
                '—'
              ),
            },
            {
              label: t('invited'),
              value: t('invitedCount', { total: invitees.total, deposited: invitees.deposited }),
            },
          ]}
        />
      </section>
      <WholeListTable
        title={t('bonuses')}
        columns={bonusColumns}
        rows={detail.bonuses}
        emptyText={t('noBonuses')}
      />
      <WholeListTable
        title={t('sessions')}
        columns={sessionColumns}
        rows={detail.sessions}
        emptyText={t('noSessions')}
      />
    </div>
  );
}
