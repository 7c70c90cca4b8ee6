import { ledgerCurrency } from '@mekong/contracts/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminChatConversation } from '@mekong/contracts/admin/chat';
import { Facts } from '@/components/facts';
import { QueryState } from '@/components/query-state';
import { formatDateTime, formatMinor } from '@/lib/format';
import { useCan } from '@/lib/use-operator';
import {
  useCustomerDeposits,
  useCustomerDetail,
  useInternalId,
  isInternalId,
  useCustomerSlips,
  useCustomerWithdrawals,
} from '@/features/chat/api/customer-api';

const PENDING = new Set(['pending', 'pending_approval', 'awaiting_approval', 'processing']);

/** The rows still waiting (a withdrawal or slip not yet decided), each named by its kind. */
function pendingOf(rows: RecentRow[] | undefined, label: string) {
  return (rows ?? [])
    .filter((row) => PENDING.has(row.status))
    .map((row) => ({ id: row.id, label, amount: row.amountMinor, status: row.status }));
}

/** The right column: a guest is only a guest; a member's wallet comes from the member calls. */
export function CustomerPanel({ conversation }: { conversation: AdminChatConversation }) {
  const { t } = useTranslation('chat');
  const canReadMembers = useCan('members.read');
  return (
    <aside className="chat__panel card" aria-label={t('panel.title')} data-testid="customer-panel">
      {conversation.member === null ? (
        <>
          <h2>{t('guest')}</h2>
          <p className="muted">{t('panel.guestInfo')}</p>
          <p>
            <code>{conversation.guestId}</code>
          </p>
        </>
      ) : canReadMembers ? (
        isInternalId(conversation.member.id) ? (
          <MemberWallet memberId={conversation.member.id} />
        ) : (
          <MemberLookup publicId={conversation.member.id} />
        )
      ) : (
        <p className="muted">{t('panel.noAccess')}</p>
      )}
    </aside>
  );
}

function MemberLookup({ publicId }: { publicId: string }) {
  const { t } = useTranslation('chat');
  const memberId = useInternalId(publicId);
  return (
    <QueryState query={memberId}>
      {(id) =>
        id ? <MemberWallet memberId={id} /> : <p className="muted">{t('panel.noMember')}</p>
      }
    </QueryState>
  );
}

function MemberWallet({ memberId }: { memberId: string }) {
  const { t, i18n } = useTranslation('chat');
  const detail = useCustomerDetail(memberId);
  const deposits = useCustomerDeposits(memberId);
  const withdrawals = useCustomerWithdrawals(memberId);
  const slips = useCustomerSlips(memberId);
  const when = (iso: string) => formatDateTime(iso, i18n.language);

  return (
    <QueryState query={detail}>
      {({ member, balances, bonuses }) => {
        const currency = ledgerCurrency(member.currency);
        const money = (minor: string) => formatMinor(minor, currency);
        const active = bonuses.filter((bonus) => bonus.status === 'active');
        const pending = [
          ...pendingOf(withdrawals.data?.rows, t('panel.withdrawal')),
          ...pendingOf(slips.data?.rows, t('panel.slip')),
        ];
        return (
          <>
            <h2 className="chat__panel-name">
              <Link to={`/members/${member.id}`}>{member.name}</Link>
            </h2>
            <p className="muted chat__panel-sub">
              {member.publicId} · {member.phone}
              {member.status === 'suspended' ? (
                <span className="badge badge--danger"> {t('panel.frozen')}</span>
              ) : null}
            </p>
            <Facts
              className="chat__balances"
              rows={[
                { label: t('panel.cash'), value: money(balances.cashMinor), isNumeric: true },
                {
                  label: t('panel.available'),
                  value: money(balances.cashAvailableMinor),
                  isNumeric: true,
                },
                { label: t('panel.bonus'), value: money(balances.bonusMinor), isNumeric: true },
              ]}
            />
            <PanelSection title={t('panel.activeBonus')} isEmpty={active.length === 0}>
              {active.map((bonus) => (
                <li key={bonus.id}>
                  <span>
                    <code>{bonus.bonusCode}</code> {money(bonus.bonusMinor)}
                  </span>
                  <small className="muted">
                    {t('panel.bonusOf', { deposit: money(bonus.depositMinor) })} ·{' '}
                    {t('panel.expires', { at: when(bonus.expiresAt) })}
                  </small>
                </li>
              ))}
            </PanelSection>
            <PanelSection title={t('panel.pending')} isEmpty={pending.length === 0}>
              {pending.map((item) => (
                <li key={item.id}>
                  <span>
                    {item.label} {money(item.amount)} · <StateText status={item.status} />
                  </span>
                </li>
              ))}
            </PanelSection>
            <RecentList title={t('panel.deposits')} rows={deposits.data?.rows} money={money} />
            <RecentList
              title={t('panel.withdrawals')}
              rows={withdrawals.data?.rows}
              money={money}
            />
            <RecentList title={t('panel.slips')} rows={slips.data?.rows} money={money} />
          </>
        );
      }}
    </QueryState>
  );
}

type RecentRow = {
  id: string;
  amountMinor: string;
  createdAt: string;
  status: string;
  transRef?: string | null;
};

/** The last few deposits, withdrawals or slips: amount, when, state (and a slip's reference). */
function RecentList({
  title,
  rows,
  money,
}: {
  title: string;
  rows: RecentRow[] | undefined;
  money: (minor: string) => string;
}) {
  const { i18n } = useTranslation('chat');
  return (
    <PanelSection title={title} isEmpty={rows?.length === 0}>
      {rows?.map((row) => (
        <li key={row.id}>
          <span>
            {money(row.amountMinor)} · <StateText status={row.status} />
          </span>
          <small className="muted">
            {formatDateTime(row.createdAt, i18n.language)}
            {row.transRef ? ` · ${row.transRef}` : ''}
          </small>
        </li>
      ))}
    </PanelSection>
  );
}

function PanelSection({
  title,
  isEmpty,
  children,
}: {
  title: string;
  isEmpty: boolean | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation('chat');
  return (
    <section className="chat__panel-section">
      <h3>{title}</h3>
      {isEmpty ? <p className="muted">{t('panel.none')}</p> : <ul>{children}</ul>}
    </section>
  );
}

/** A state in the operator's language (the member page's words for ledger, withdrawal and slip states). */
function StateText({ status }: { status: string }) {
  const { t } = useTranslation('chat');
  return <span>{t(`members:state.${status}`, { defaultValue: status })}</span>;
}
