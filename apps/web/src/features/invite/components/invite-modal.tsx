import { PAGE_SIZE } from '@mekong/contracts/constants';
import { INVITE_CODE_PREFIX, type InviteRow } from '@mekong/contracts/invite';
import { useQuery } from '@tanstack/react-query';
import { Copy, Gift, Share2, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { DataTable } from '@/components/data-table';
import { Pagination } from '@/components/pagination';
import { PromoBanners } from '@/components/promo-banners';
import { EmptyState, QueryStates } from '@/components/query-states';
import { sheetModal } from '@/components/sheet-modal';
import { StatFigures } from '@/components/stat-figures';
import { useMoneyMutation } from '@/components/use-money-mutation';
import {
  collectInviteBonus,
  inviteBannersQuery,
  invitePageQuery,
} from '@/features/invite/api/invite-api';
import { inviteLink } from '@/features/invite/hooks/invite-link';
import { formatAmount, formatDateTime } from '@/lib/format';
import { profileQuery } from '@/lib/member-queries';
import { pageCount } from '@/lib/pagination';
import { useCopy } from '@/lib/use-copy';
import { useDateEra } from '@/lib/use-date-era';
import '@/components/promo-body.css';
import '@/features/invite/components/invite.css';

/**
 * Spec §2 invite modal: the invite link (site origin + /register?code=PR<member id>) with copy, the commission
 * accrued and its collect button (GET /api/invite/bonus), success/fail percentages and the invitees, 10 a page.
 */
export const InviteModal = sheetModal('invite-modal', 'invite.title', InviteBody);

function InviteBody() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const invites = useQuery(invitePageQuery(page));
  const banners = useQuery(inviteBannersQuery);
  const currency = useQuery(profileQuery).data?.profile.currency;

  return (
    <div className="promo-body invite">
      <PromoBanners
        banners={banners.data?.banners ?? []}
        label={t('invite.banners')}
        testId="invite-banners"
      />
      <InviteLinkCard percent={invites.data?.percent} />
      <QueryStates query={invites} testId="invite" lines={5} failedTitle={t('invite.loadFailed')}>
        {(data) => (
          <>
            <CollectCard amount={data.inviteAmount} currency={currency} />
            {data.inviteWaiting > 0 && (
              <p className="invite-state muted" data-testid="invite-waiting">
                {t('invite.waiting', { amount: formatAmount(data.inviteWaiting, currency) })}
              </p>
            )}
            {data.inviteHeld > 0 && (
              <p className="invite-state muted" data-testid="invite-held">
                {t('invite.held', { amount: formatAmount(data.inviteHeld, currency) })}
              </p>
            )}
            <StatFigures
              items={[
                {
                  label: t('invite.success'),
                  value: `${data.inviteSuccess.toFixed(2)}%`,
                  testId: 'invite-success',
                  tone: 'good',
                },
                {
                  label: t('invite.fail'),
                  value: `${data.inviteFail.toFixed(2)}%`,
                  testId: 'invite-fail',
                },
                { label: t('invite.count'), value: data.total, testId: 'invite-count' },
              ]}
            />
            <h3 className="promo-body__heading">{t('invite.listTitle')}</h3>
            {data.invites.length === 0 ? (
              <EmptyState
                icon={<Users size={24} />}
                title={t('invite.empty')}
                hint={t('invite.emptyHint')}
                testId="invite-empty"
              />
            ) : (
              <>
                <DataTable
                  columns={[
                    { label: t('invite.name') },
                    { label: t('invite.earned'), isNumeric: true },
                    { label: t('invite.joined') },
                  ]}
                  isStale={invites.isPlaceholderData}
                  testId="invite-table"
                >
                  {data.invites.map((row) => (
                    <InviteeRow key={row._id} row={row} currency={currency} />
                  ))}
                </DataTable>
                {data.total > PAGE_SIZE.invite && (
                  <Pagination
                    page={page}
                    totalPages={pageCount(data.total, PAGE_SIZE.invite)}
                    onPage={setPage}
                    testIdPrefix="invite"
                  />
                )}
              </>
            )}
          </>
        )}
      </QueryStates>
    </div>
  );
}

/** LINE's share page with the text (and the link in it) filled in: opens the LINE app on a phone. */
function lineShareUrl(text: string): string {
  return `https://line.me/R/share?text=${encodeURIComponent(text)}`;
}

function InviteLinkCard({ percent }: { percent: number | undefined }) {
  const { t } = useTranslation();
  const { data: profile } = useQuery(profileQuery);
  const copy = useCopy();
  const memberId = profile?.profile._id;
  const link = memberId ? inviteLink(window.location.origin, memberId) : '';

  return (
    <section className="invite-link card" aria-labelledby="invite-link-title">
      <h3 id="invite-link-title" className="promo-body__heading">
        {t('invite.linkTitle')}
      </h3>
      <p className="muted">
        {percent === undefined ? t('invite.linkHint') : t('invite.linkHintPercent', { percent })}
      </p>
      <div className="invite-link__row">
        <output
          className="invite-link__text"
          data-testid="invite-link"
          aria-label={t('invite.linkTitle')}
        >
          {link || '…'}
        </output>
        <Button
          variant="secondary"
          onClick={() => void copy(link)}
          disabled={!link}
          data-testid="invite-copy"
        >
          <Copy size={16} aria-hidden /> {t('invite.copy')}
        </Button>
      </div>
      {link && (
        <a
          className="btn btn--line btn--block"
          href={lineShareUrl(t('invite.shareText', { link }))}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="invite-share-line"
        >
          <span className="btn__label">
            <Share2 size={16} aria-hidden /> {t('invite.shareLine')}
          </span>
        </a>
      )}
      {memberId && (
        <p className="invite-link__code muted">
          {t('invite.code')}{' '}
          <strong data-testid="invite-code">{`${INVITE_CODE_PREFIX}${memberId}`}</strong>
        </p>
      )}
    </section>
  );
}

function CollectCard({ amount, currency }: { amount: number; currency: string | undefined }) {
  const { t } = useTranslation();
  const collect = useMoneyMutation({
    ...collectInviteBonus,
    successToast: (result) => ({
      text: t('invite.collected', { amount: formatAmount(result.amount, currency) }),
    }),
    failureTitle: t('invite.collectFailed'),
  });
  const hasAmount = amount > 0;

  return (
    <section className="invite-collect card card--raised" aria-labelledby="invite-collect-title">
      <span className="invite-collect__icon" aria-hidden>
        <Gift size={22} />
      </span>
      <div className="invite-collect__text">
        <h3 id="invite-collect-title" className="invite-collect__label">
          {t('invite.accrued')}
        </h3>
        <strong className="invite-collect__amount" data-testid="invite-amount">
          {formatAmount(amount, currency)}
        </strong>
        {!hasAmount && (
          <span className="invite-collect__hint" data-testid="invite-nothing">
            {t('invite.nothingToCollect')}
          </span>
        )}
      </div>
      <Button
        variant="gold"
        onClick={() => collect.submit(undefined)}
        disabled={!hasAmount || collect.isPending}
        isBusy={collect.isBusyShown}
        data-testid="invite-collect"
      >
        {t('invite.collect')}
      </Button>
    </section>
  );
}

function InviteeRow({ row, currency }: { row: InviteRow; currency: string | undefined }) {
  const dates = useDateEra();
  const [date, time] = formatDateTime(row.createdAt, dates).split(' ');
  return (
    <tr data-testid="invite-row">
      <td>{row.from.name}</td>
      <td className="data-table__num">{formatAmount(row.amount, currency)}</td>
      <td className="data-table__date">
        <span>{date}</span> <span className="muted">{time}</span>
      </td>
    </tr>
  );
}
