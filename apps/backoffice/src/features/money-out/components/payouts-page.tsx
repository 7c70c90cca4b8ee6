import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import type { PayoutItem, PayoutState } from '@mekong/contracts/admin/withdrawals';
import { choicesOf, dateFields, type FilterField } from '@/components/filter-bar';
import { usePayoutList } from '@/features/money-out/api/money-out-api';
import { MoneyOutQueuePage } from '@/features/money-out/components/money-out-queue';
import { PayoutDetail } from '@/features/money-out/components/payout-detail';
import { StateBadge } from '@/features/money-out/components/queue-columns';

const STATES: PayoutState[] = ['unknown', 'held', 'failed'];

type FilterForm = { member: string; state: '' | PayoutState; from: string; to: string };
const EMPTY: FilterForm = { member: '', state: '', from: '', to: '' };

const fields = (t: TFunction): FilterField<FilterForm>[] => [
  { name: 'member', label: t('member') },
  {
    name: 'state',
    label: t('state'),
    choices: choicesOf(STATES, (state) => t(`states.${state}`), t('all')),
  },
  ...dateFields<FilterForm>(t),
];

const stateColumn = (t: TFunction): ColumnDef<PayoutItem, unknown> => ({
  header: t('state'),
  cell: ({ row }) => (
    <span className="money-out__badges">
      <StateBadge state={row.original.state} />
      <small className="muted">
        {row.original.failureCode ?? t('attemptsCount', { count: row.original.payoutAttempts })}
      </small>
    </span>
  ),
});

/** The payouts queue: payouts without a bank answer, held after re-sends, or refused. */
export function PayoutsPage() {
  return (
    <MoneyOutQueuePage
      queue="payouts"
      fields={fields}
      empty={EMPTY}
      toFilter={(form) => ({ state: form.state || undefined })}
      useList={usePayoutList}
      ownColumn={stateColumn}
      isFinal={isRefused}
      detail={({ id, rows, onDecided }) => (
        <PayoutDetail item={rows?.find((row) => row.id === id) ?? null} onDecided={onDecided} />
      )}
    />
  );
}

const isRefused = (row: PayoutItem) => row.state === 'failed';
