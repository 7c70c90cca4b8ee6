import { ledgerCurrency } from '@mekong/contracts/constants';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MemberDetail } from '@mekong/contracts/admin/members';
import { Button } from '@/components/button';
import { QueryState } from '@/components/query-state';
import { SimpleTable, type SimpleColumn } from '@/components/simple-table';
import { formatDateTime, formatMinor } from '@/lib/format';
import { useMemberGames } from '@/features/members/api/members-api';

type GameRow = NonNullable<ReturnType<typeof useMemberGames>['data']>['rows'][number];

/** Each game account: the ledger's figure beside the provider's live balance; a failing provider marks its row only. */
export function MemberGamesTab({ detail }: { detail: MemberDetail }) {
  const { t, i18n } = useTranslation('members');
  const games = useMemberGames(detail.member.id);
  const currency = ledgerCurrency(detail.member.currency);
  const columns: SimpleColumn<GameRow>[] = [
    { header: t('provider'), cell: (row) => <strong>{row.provider}</strong> },
    { header: t('username'), cell: (row) => <code>{row.username}</code> },
    {
      header: t('ledgerBalance'),
      cell: (row) => formatMinor(row.ledgerMinor, currency),
      isNumber: true,
    },
    {
      header: t('liveBalance'),
      isNumber: true,
      cell: (row) =>
        row.liveMinor !== null ? (
          <span className={row.liveMinor !== row.ledgerMinor ? 'badge badge--warn' : undefined}>
            {formatMinor(row.liveMinor, currency)}
          </span>
        ) : (
          <span className="badge badge--danger" title={row.liveError ?? ''}>
            {t('providerFailed', { code: row.liveError ?? '' })}
          </span>
        ),
    },
    { header: t('lastSync'), cell: (row) => formatDateTime(row.syncedAt, i18n.language) },
  ];
  return (
    <section>
      <p>
        <Button variant="secondary" isBusy={games.isFetching} onClick={() => void games.refetch()}>
          <RefreshCw size={16} aria-hidden /> {t('askProviders')}
        </Button>
      </p>
      <QueryState query={games}>
        {(data) =>
          data.rows.length === 0 ? (
            <p className="muted">{t('noGames')}</p>
          ) : (
            <SimpleTable columns={columns} rows={data.rows} rowKey={(row) => row.provider} />
          )
        }
      </QueryState>
    </section>
  );
}
