import { ledgerCurrency } from '@mekong/contracts/constants';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { MemberDetail } from '@mekong/contracts/admin/members';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { TabList } from '@/components/tab-list';
import { formatMinor } from '@/lib/format';
import { useMemberDetail } from '@/features/members/api/members-api';
import { MemberActions } from '@/features/members/components/member-actions';
import { MemberGamesTab } from '@/features/members/components/member-games-tab';
import { MemberLedgerTab } from '@/features/members/components/member-ledger-tab';
import {
  MemberAdjustmentsTab,
  MemberInviteesTab,
  MemberSlipsTab,
  MemberWithdrawalsTab,
} from '@/features/members/components/member-lists-tabs';
import { MemberOverviewTab } from '@/features/members/components/member-overview-tab';
import { MemberStatusBadge } from '@/features/members/components/member-status-badge';

const TABS = [
  'overview',
  'games',
  'ledger',
  'withdrawals',
  'slips',
  'invitees',
  'adjustments',
] as const;
type Tab = (typeof TABS)[number];

/** A tile holding a figure under its label. */
const FIGURE_TILE = { display: 'flex', flexDirection: 'column', gap: 4 } as const;

function Balances({ detail }: { detail: MemberDetail }) {
  const { t } = useTranslation('members');
  const currency = ledgerCurrency(detail.balances.currency);
  const games = Object.values(detail.balances.gamesMinor).reduce((sum, v) => sum + BigInt(v), 0n);
  const tiles = [
    { label: t('cash'), value: detail.balances.cashMinor },
    { label: t('cashAvailable'), value: detail.balances.cashAvailableMinor },
    { label: t('bonusWallet'), value: detail.balances.bonusMinor },
    { label: t('gamesTotal'), value: games.toString() },
  ];
  return (
    <ul className="tiles" aria-label={t('balances')} data-testid="member-balances">
      {tiles.map((tile) => (
        <li key={tile.label} className="card" style={FIGURE_TILE}>
          <span className="muted">{tile.label}</span>
          <strong className="num">{formatMinor(tile.value, currency)}</strong>
        </li>
      ))}
    </ul>
  );
}

/** Everything about one member, in tabs, with the actions the operator's role allows. */
export function MemberPage() {
  const { t } = useTranslation('members');
  const { id = '' } = useParams();
  const detail = useMemberDetail(id);
  const [tab, setTab] = useState<Tab>('overview');

  return (
    <>
      <p>
        <Link to="/members">
          <ArrowLeft size={14} aria-hidden /> {t('back')}
        </Link>
      </p>
      <QueryState query={detail}>
        {(data) => (
          <>
            <PageHeader
              title={data.member.name}
              subtitle={`${data.member.publicId} · ${data.member.phone}`}
              actions={<MemberActions detail={data} />}
            />
            <p>
              <MemberStatusBadge status={data.member.status} />
            </p>
            {data.member.status === 'suspended' ? (
              <p className="notice notice--danger" role="status">
                {t('frozenNotice')}
              </p>
            ) : null}
            <Balances detail={data} />
            <TabList
              tabs={TABS}
              selected={tab}
              onSelect={setTab}
              textOf={(key) => t(`tab.${key}`)}
              label={t('sections')}
            />
            <div role="tabpanel">
              {tab === 'overview' ? <MemberOverviewTab detail={data} /> : null}
              {tab === 'games' ? <MemberGamesTab detail={data} /> : null}
              {tab === 'ledger' ? <MemberLedgerTab detail={data} /> : null}
              {tab === 'withdrawals' ? <MemberWithdrawalsTab detail={data} /> : null}
              {tab === 'slips' ? <MemberSlipsTab detail={data} /> : null}
              {tab === 'invitees' ? <MemberInviteesTab detail={data} /> : null}
              {tab === 'adjustments' ? <MemberAdjustmentsTab detail={data} /> : null}
            </div>
          </>
        )}
      </QueryState>
    </>
  );
}
