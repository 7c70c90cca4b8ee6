import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankLineDetail, QueueMember } from '@mekong/contracts/admin/deposits';
import { Button } from '@/components/button';
import { Facts } from '@/components/facts';
import { ReasonDialog } from '@/components/reason-dialog';
import { formatDateTime } from '@/lib/format';
import { useCan } from '@/lib/use-operator';
import { useMemberLookup, useQueueActions } from '@/features/money-in/api/money-in-api';
import { statusFact } from '@/features/money-in/components/held-facts';
import { MemberCell, money } from '@/features/money-in/components/queue-columns';

export function BankLineFacts({ item }: { item: BankLineDetail }) {
  const { t, i18n } = useTranslation('moneyIn');
  return (
    <Facts
      rows={[
        { label: t('detail.amount'), value: money(item.amountMinor, item.currency) },
        { label: t('detail.received'), value: formatDateTime(item.receivedAt, i18n.language) },
        { label: t('detail.fromAccount'), value: `${item.fromBankCode} ${item.fromAccountNo}` },
        { label: t('detail.fromName'), value: item.fromAccountName ?? '—' },
        { label: t('detail.toAccount'), value: item.toAccountNo ?? '—' },
        { label: t('detail.bankReference'), value: <code>{item.reference}</code> },
        statusFact(item.status, item.unmatchedReason, t),
        item.member
          ? { label: t('detail.creditedTo'), value: <MemberCell member={item.member} /> }
          : null,
      ]}
    />
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
