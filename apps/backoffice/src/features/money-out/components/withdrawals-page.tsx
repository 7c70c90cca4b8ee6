import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import type { HeldWithdrawal } from '@mekong/contracts/admin/withdrawals';
import { choicesOf, dateFields, type FilterField } from '@/components/filter-bar';
import { minorOrUndefined } from '@/lib/filter-values';
import { useWithdrawalList } from '@/features/money-out/api/money-out-api';
import { MoneyOutQueuePage } from '@/features/money-out/components/money-out-queue';
import { WithdrawalDetail } from '@/features/money-out/components/withdrawal-detail';

type FilterForm = {
  member: string;
  minAmount: string;
  maxAmount: string;
  from: string;
  to: string;
  reason: '' | 'over_limit' | 'account_changed';
  second: '' | 'yes' | 'no';
};
const EMPTY: FilterForm = {
  member: '',
  minAmount: '',
  maxAmount: '',
  from: '',
  to: '',
  reason: '',
  second: '',
};

const fields = (t: TFunction): FilterField<FilterForm>[] => [
  { name: 'member', label: t('member') },
  { name: 'minAmount', label: t('minAmount'), type: 'decimal' },
  { name: 'maxAmount', label: t('maxAmount'), type: 'decimal' },
  ...dateFields<FilterForm>(t),
  {
    name: 'reason',
    label: t('reason'),
    choices: choicesOf(['over_limit', 'account_changed'], (r) => t(`reasons.${r}`), t('all')),
  },
  {
    name: 'second',
    label: t('secondApproval'),
    choices: [
      { value: '', label: t('all') },
      { value: 'yes', label: t('awaitingSecond') },
      { value: 'no', label: t('notAwaitingSecond') },
    ],
  },
];

const toFilter = (form: FilterForm) => ({
  minAmountMinor: minorOrUndefined(form.minAmount),
  maxAmountMinor: minorOrUndefined(form.maxAmount),
  reason: form.reason || undefined,
  isAwaitingSecond: form.second === '' ? undefined : form.second === 'yes',
});

const reasonColumn = (t: TFunction): ColumnDef<HeldWithdrawal, unknown> => ({
  header: t('reason'),
  cell: ({ row }) => (
    <span className="money-out__badges">
      {row.original.reasons.map((reason) => (
        <span key={reason} className="badge badge--info">
          {t(`reasons.${reason}`)}
        </span>
      ))}
      {row.original.approval ? (
        <span className="badge badge--warn">
          {t('firstApprovalBy', { name: row.original.approval.requestedBy })}
        </span>
      ) : row.original.isSecondApprovalNeeded ? (
        <span className="badge">{t('twoApprovals')}</span>
      ) : null}
    </span>
  ),
});

/** The withdrawals queue: held withdrawals with filters and claims; the selected one's detail beside the table. */
export function WithdrawalsPage() {
  return (
    <MoneyOutQueuePage
      queue="withdrawals"
      empty={EMPTY}
      fields={fields}
      toFilter={toFilter}
      useList={useWithdrawalList}
      ownColumn={reasonColumn}
      detail={({ id, onDecided }) => <WithdrawalDetail id={id} onDecided={onDecided} />}
    />
  );
}
