import { PAGE_SIZE } from '@mekong/contracts/constants';
import type { Coupon } from '@mekong/contracts/spinwheel';
import { useQuery } from '@tanstack/react-query';
import { Ticket } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlert } from '@/components/alert-provider';
import { Button } from '@/components/button';
import { DataTable } from '@/components/data-table';
import { Modal } from '@/components/modal';
import { Pagination } from '@/components/pagination';
import { EmptyState, QueryStates } from '@/components/query-states';
import { useMoneyMutation } from '@/components/use-money-mutation';
import { afterCouponClaimed, claimCoupon, couponsQuery } from '@/features/spinwheel/api/spinwheel-api';
import { spinErrorText } from '@/features/spinwheel/hooks/spin-error';
import { errorCodeOf } from '@/lib/error-message';
import { formatAmount, formatDateTime } from '@/lib/format';
import { profileQuery } from '@/lib/member-queries';
import { pageCount } from '@/lib/pagination';
import { useDateEra } from '@/lib/use-date-era';

/** A coupon is claimable while the server says so and its time has not run out on this phone either. */
export function isClaimable(coupon: Coupon, now: number = Date.now()): boolean {
  return coupon.status === 'claimable' && Date.parse(coupon.expiresAt) > now;
}

/** Spec §3 Coupon, §9 (3 a page): the member's coupons with a claim button opening the claim confirm sub-modal. */
export function CouponTable() {
  const { t } = useTranslation();
  const coupons = useQuery(couponsQuery);
  const currency = useQuery(profileQuery).data?.profile.currency;
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState<Coupon | null>(null);
  const list = coupons.data?.coupons ?? [];
  const totalPages = pageCount(list.length, PAGE_SIZE.coupon);
  const current = Math.min(page, totalPages);
  const shown = list.slice((current - 1) * PAGE_SIZE.coupon, current * PAGE_SIZE.coupon);

  return (
    <section className="coupons" aria-labelledby="coupons-title">
      <h3 id="coupons-title" className="promo-body__heading">
        {t('coupon.title')}
      </h3>
      <QueryStates
        query={coupons}
        testId="coupon"
        lines={3}
        failedTitle={t('coupon.loadFailed')}
        isEmpty={() => list.length === 0}
        empty={<EmptyState icon={<Ticket size={24} />} title={t('coupon.empty')} hint={t('coupon.emptyHint')} testId="coupon-empty" />}
      >
        {() => (
          <>
            <DataTable
              columns={[{ label: t('coupon.prize') }, { label: t('coupon.amount'), isNumeric: true }, { label: t('coupon.status') }]}
              testId="coupon-table"
            >
              {shown.map((coupon) => (
                <CouponRow key={coupon._id} coupon={coupon} currency={currency} onClaim={() => setConfirming(coupon)} />
              ))}
            </DataTable>
            {totalPages > 1 && <Pagination page={current} totalPages={totalPages} onPage={setPage} testIdPrefix="coupon" />}
          </>
        )}
      </QueryStates>
      <ClaimConfirm coupon={confirming} currency={currency} onClose={() => setConfirming(null)} />
    </section>
  );
}

function CouponRow({ coupon, currency, onClaim }: { coupon: Coupon; currency: string | undefined; onClaim: () => void }) {
  const { t } = useTranslation();
  const dates = useDateEra();
  const canClaim = isClaimable(coupon);
  const state = canClaim ? 'claimable' : coupon.status === 'claimed' ? 'claimed' : 'expired';
  return (
    <tr data-testid="coupon-row" data-coupon={coupon.coupon} data-status={state}>
      <td>
        <span className="coupon__name">{coupon.prize.name}</span>
        <span className="coupon__meta muted">
          {state === 'claimed' && coupon.claimedAt
            ? t('coupon.claimedAt', { date: formatDateTime(coupon.claimedAt, dates) })
            : t('coupon.expiresAt', { date: formatDateTime(coupon.expiresAt, dates) })}
        </span>
      </td>
      <td className="data-table__num">{coupon.prizeKind === 'cash' ? formatAmount(coupon.amount, currency) : coupon.prizeKind === 'bonus' ? t('coupon.bonus') : '-'}</td>
      <td>
        {canClaim ? (
          <Button variant="primary" className="coupon__claim" onClick={onClaim} data-testid="coupon-claim">
            {t('coupon.claim')}
          </Button>
        ) : (
          <span className={`coupon__chip coupon__chip--${state}`} data-testid="coupon-status">
            {t(`coupon.state.${state}`)}
          </span>
        )}
      </td>
    </tr>
  );
}

/** Spec §4 claim: a confirm sub-modal; then the result is shown and the wheel reloads. */
function ClaimConfirm({ coupon, currency, onClose }: { coupon: Coupon | null; currency: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const showAlert = useAlert();
  const showFailure = (code: string) => showAlert({ tone: 'error', title: t('coupon.failedTitle'), message: spinErrorText(t, code) });

  const claim = useMoneyMutation({
    scope: 'coupon-claim',
    fingerprint: (code: string) => code,
    send: claimCoupon,
    refresh: afterCouponClaimed,
    onSuccess: async (answer) => {
      onClose();
      if (!answer.success) {
        await showFailure(answer.error ?? 'NO_CLAIMABLE_COUPON');
        return;
      }
      const claimed = answer.coupon ?? coupon;
      const turnover = claimed?.prizeKind === 'cash' && claimed.turnover > 0 ? claimed.turnover : 0;
      const message =
        claimed?.prizeKind === 'bonus'
          ? t('coupon.bonusStarted', { name: claimed.prize.name })
          : [
              t('coupon.cashAdded', { amount: formatAmount(claimed?.amount ?? 0, currency) }),
              turnover > 0 ? t('coupon.claimedTurnover', { turnover: formatAmount(turnover, currency) }) : '',
            ]
              .filter(Boolean)
              .join(' ');
      await showAlert({ tone: 'success', title: t('coupon.claimedTitle'), message });
    },
    onError: (_message, error) => {
      onClose();
      void showFailure(errorCodeOf(error));
    },
  });

  return (
    <Modal
      isOpen={coupon !== null}
      onOpenChange={(isOpen) => !isOpen && !claim.isPending && onClose()}
      title={t('coupon.confirmTitle')}
      description={coupon ? t('coupon.confirmText', { name: coupon.prize.name }) : undefined}
      testId="claim-modal"
      footer={
        <div className="claim-actions">
          <Button variant="secondary" onClick={onClose} disabled={claim.isPending} data-testid="claim-cancel">
            {t('common.cancel')}
          </Button>
          <Button onClick={() => coupon && claim.submit(coupon.coupon)} disabled={claim.isPending} isBusy={claim.isBusyShown} data-testid="claim-confirm">
            {t('coupon.claim')}
          </Button>
        </div>
      }
    >
      {coupon?.prizeKind === 'cash' && (
        <p className="claim-coupon" data-testid="claim-coupon">
          <Ticket size={18} aria-hidden /> <strong>{formatAmount(coupon.amount, currency)}</strong>
        </p>
      )}
    </Modal>
  );
}
