import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MemberDetail } from '@mekong/contracts/admin/members';
import { Button } from '@/components/button';
import { QueryState } from '@/components/query-state';
import { formatDateTime, formatMinor } from '@/lib/format';
import { useMemberGames } from '@/features/members/api/members-api';
import { displayCurrency } from '@/features/members/components/member-status-badge';

/** Each game account: the ledger's figure beside the provider's live balance; a failing provider marks its row only. */
export function MemberGamesTab({ detail }: { detail: MemberDetail }) {
  const { t, i18n } = useTranslation('members');
  const games = useMemberGames(detail.member.id);
  const currency = displayCurrency(detail.member.currency);
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
            <div className="table-wrap">
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">{t('provider')}</th>
                    <th scope="col">{t('username')}</th>
                    <th scope="col" className="num">
                      {t('ledgerBalance')}
                    </th>
                    <th scope="col" className="num">
                      {t('liveBalance')}
                    </th>
                    <th scope="col">{t('lastSync')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.rows.map((row) => {
                    const isDifferent = row.liveMinor !== null && row.liveMinor !== row.ledgerMinor;
                    return (
                      <tr key={row.provider}>
                        <td>
                          <strong>{row.provider}</strong>
                        </td>
                        <td>
                          <code>{row.username}</code>
                        </td>
                        <td className="num">{formatMinor(row.ledgerMinor, currency)}</td>
                        <td className="num">
                          {row.liveMinor !== null ? (
                            <span className={isDifferent ? 'badge badge--warn' : undefined}>
                              {formatMinor(row.liveMinor, currency)}
                            </span>
                          ) : (
                            <span className="badge badge--danger" title={row.liveError ?? ''}>
                              {t('providerFailed', { code: row.liveError ?? '' })}
                            </span>
                          )}
                        </td>
                        <td>{formatDateTime(row.syncedAt, i18n.language)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
    </section>
  );
}
