import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WithdrawalRisk } from '@mekong/contracts/admin/queues';
import { Facts } from '@/components/facts';
import { QueryState } from '@/components/query-state';
import { formatDate, formatMinor } from '@/lib/format';
import { useWithdrawalRisk } from '@/features/money-out/api/money-out-api';

/** A new account, or deposits barely played, is worth a second look before the money leaves. */
const NEW_ACCOUNT_DAYS = 7;
const LOW_PLAY_RATIO = 1;

const isLowPlay = (r: WithdrawalRisk) =>
  r.depositsMinor > 0 && r.turnoverMinor < r.depositsMinor * LOW_PLAY_RATIO;

/**
 * The risk signals of a withdrawal, beside its approve button (docs/back-office/triage.md): the member's account age,
 * deposits against play, and the members sharing an address, device or bank-account name with them.
 */
export function RiskSignals({ id, currency }: { id: string; currency: 'THB' | 'LAK' }) {
  const { t, i18n } = useTranslation('moneyOut');
  const risk = useWithdrawalRisk(id);
  return (
    <section className="money-out__risk" data-testid="risk-signals" aria-label={t('risk.title')}>
      <h3 className="money-out__subhead">{t('risk.title')}</h3>
      <QueryState query={risk}>
        {(r) => (
          <>
            <Facts
              rows={[
                {
                  label: t('risk.accountAge'),
                  value: (
                    <>
                      {t('risk.days', { count: r.accountAgeDays })}{' '}
                      <small className="muted">
                        ({t('risk.since', { date: formatDate(r.memberSince, i18n.language) })})
                      </small>
                    </>
                  ),
                  isMismatch: r.accountAgeDays < NEW_ACCOUNT_DAYS,
                },
                {
                  label: t('risk.deposits'),
                  value: formatMinor(r.depositsMinor, currency),
                  isNumeric: true,
                },
                {
                  label: t('risk.turnover'),
                  value: formatMinor(r.turnoverMinor, currency),
                  isNumeric: true,
                  isMismatch: isLowPlay(r),
                },
                {
                  label: t('risk.linked'),
                  value: t('risk.linkedCount', { count: r.linkedTotal }),
                  isMismatch: r.linkedTotal > 0,
                },
              ]}
            />
            {r.linked.length > 0 ? (
              <ul className="money-out__linked" data-testid="linked-accounts">
                {r.linked.map((m) => (
                  <li key={m.id}>
                    <Link to={`/members/${m.id}`}>{m.phone}</Link> <span>{m.name}</span>{' '}
                    <small className="muted">
                      {m.traits.map((trait) => t(`risk.traits.${trait}`)).join(' · ')}
                    </small>
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        )}
      </QueryState>
    </section>
  );
}
