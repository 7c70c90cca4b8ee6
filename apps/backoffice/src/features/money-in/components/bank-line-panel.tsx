import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankLineDetail, QueueMember } from '@mekong/contracts/admin/deposits';
import { Button } from '@/components/button';
import { ReasonDialog } from '@/components/reason-dialog';
import { formatDateTime } from '@/lib/format';
import { useCan } from '@/lib/use-operator';
import { useMemberLookup, useQueueActions } from '@/features/money-in/api/money-in-api';
import { MemberCell, money, StatusBadge } from '@/features/money-in/components/queue-columns';

export function BankLineFacts({ item }: { item: BankLineDetail }) {
  const { t, i18n } = useTranslation('moneyIn');
  return (
    <dl className="facts">
      <dt>{t('detail.amount')}</dt>
      <dd>{money(item.amountMinor, item.currency)}</dd>
      <dt>{t('detail.received')}</dt>
      <dd>{formatDateTime(item.receivedAt, i18n.language)}</dd>
      <dt>{t('detail.fromAccount')}</dt>
      <dd>
        {item.fromBankCode} {item.fromAccountNo}
      </dd>
      <dt>{t('detail.fromName')}</dt>
      <dd>{item.fromAccountName ?? '—'}</dd>
      <dt>{t('detail.toAccount')}</dt>
      <dd>{item.toAccountNo ?? '—'}</dd>
      <dt>{t('detail.bankReference')}</dt>
      <dd>
        <code>{item.reference}</code>
      </dd>
      <dt>{t('col.status')}</dt>
      <dd>
        <StatusBadge status={item.status} t={t} />{' '}
        {item.unmatchedReason
          ? t(`hold.${item.unmatchedReason}`, { defaultValue: item.unmatchedReason })
          : null}
      </dd>
      {item.member ? (
        <>
          <dt>{t('detail.creditedTo')}</dt>
          <dd>
            <MemberCell member={item.member} />
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** Suggested members (best first, with why), a lookup, and the credit to the one chosen (reason, re-auth). */
export function BankLineSuggestions({ item }: { item: BankLineDetail }) {
  const { t } = useTranslation('moneyIn');
  const canDecide = useCan('deposits.decide');
  const actions = useQueueActions('bank-lines', item.id);
  const [chosen, setChosen] = useState<QueueMember | null>(null);
  const [query, setQuery] = useState('');
  const lookup = useMemberLookup(query);
  const isMine = item.claim?.isMine === true;
  const creditButton = (member: QueueMember) =>
    canDecide ? (
      <Button variant="secondary" disabled={!isMine} onClick={() => setChosen(member)}>
        {t('creditTo')}
      </Button>
    ) : null;
  return (
    <>
      <section className="detail-section">
        <h3>{t('suggestions')}</h3>
        {item.suggestions.length === 0 ? (
          <p className="muted">{t('noSuggestions')}</p>
        ) : (
          <ul className="suggestions" data-testid="suggestions">
            {item.suggestions.map((s) => (
              <li key={s.member.id}>
                <div>
                  <strong>{s.member.phone}</strong> {s.member.name}{' '}
                  <span className="badge badge--info">{t('score', { score: s.score })}</span>
                  <ul>
                    {s.reasons.map((r) => (
                      <li key={`${r.kind}-${r.detail}`}>
                        {t(`reasons.${r.kind}`, { detail: r.detail })}
                      </li>
                    ))}
                  </ul>
                </div>
                {creditButton(s.member)}
              </li>
            ))}
          </ul>
        )}
      </section>
      {canDecide ? (
        <section className="detail-section">
          <label className="field">
            <span>{t('lookup')}</span>
            <input value={query} onChange={(event) => setQuery(event.target.value)} />
          </label>
          {lookup.data ? (
            lookup.data.members.length === 0 ? (
              <p className="muted">{t('lookupEmpty')}</p>
            ) : (
              <ul className="suggestions">
                {lookup.data.members.map((m) => (
                  <li key={m.id}>
                    <MemberCell member={m} />
                    {creditButton(m)}
                  </li>
                ))}
              </ul>
            )
          ) : null}
        </section>
      ) : null}
      <ReasonDialog
        isOpen={chosen !== null}
        onClose={() => setChosen(null)}
        title={t('creditTitle')}
        summary={
          chosen
            ? t('creditSummary', {
                amount: money(item.amountMinor, item.currency),
                member: `${chosen.phone} ${chosen.name}`,
              })
            : null
        }
        confirmText={t('credit')}
        isBusy={actions.credit.isPending}
        onConfirm={(reason) =>
          chosen &&
          actions.credit.mutate(
            { memberId: chosen.id, reason },
            { onSuccess: () => setChosen(null) },
          )
        }
      />
    </>
  );
}
