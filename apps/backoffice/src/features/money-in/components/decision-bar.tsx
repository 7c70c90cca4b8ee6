import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Claim } from '@mekong/contracts/admin/claims';
import { Button } from '@/components/button';
import { ClaimControl } from '@/components/claim-control';
import { ReasonDialog } from '@/components/reason-dialog';
import { formatDateTime } from '@/lib/format';
import { useCan } from '@/lib/use-operator';
import { useQueueActions, type MoneyInQueue } from '@/features/money-in/api/money-in-api';
import { SlipCreditDialog } from '@/features/money-in/components/slip-credit-dialog';

type Decision = { by: string; at: string; reason: string | null } | null;

export type DecisionBarProps = {
  queue: MoneyInQueue;
  item: { id: string; claim: Claim | null; decision: Decision };
  isOpen: boolean;
  /** Why a credit is not possible now (shown instead of the button). */
  creditBlocked?: string | null;
  creditSummary: ReactNode;
  refuseSummary: string;
  /** Bank lines are credited from their suggestions and refused as returned or ignored. */
  kind?: 'held' | 'bank-line' | 'slip';
  /** The verifier's amount of a slip (null: none, the operator types one). */
  slipAmountMinor?: number | null;
};

/** The ways to refuse: a held item is refused; a bank line is returned to its sender or ignored. */
const REFUSALS = {
  refuse: { title: 'refuseTitle', button: 'refuse', variant: 'danger', outcome: undefined },
  returned: {
    title: 'returnedTitle',
    button: 'markReturned',
    variant: 'danger',
    outcome: 'returned',
  },
  ignored: {
    title: 'ignoredTitle',
    button: 'markIgnored',
    variant: 'secondary',
    outcome: 'ignored',
  },
} as const;
type Refusal = keyof typeof REFUSALS;

/** Claim, then credit or refuse with a reason; what was decided once it is. */
export function DecisionBar(props: DecisionBarProps) {
  const { t, i18n } = useTranslation('moneyIn');
  const canDecide = useCan('deposits.decide');
  const actions = useQueueActions(props.queue, props.item.id);
  const [dialog, setDialog] = useState<'credit' | Refusal | null>(null);
  const close = () => setDialog(null);
  const kind = props.kind ?? 'held';
  const { decision, claim } = props.item;

  if (!props.isOpen)
    return decision ? (
      <p className="notice notice--ok" data-testid="decision">
        {t('detail.decidedBy', { by: decision.by, at: formatDateTime(decision.at, i18n.language) })}
        {decision.reason ? ` — ${decision.reason}` : ''}
      </p>
    ) : null;

  const isMine = claim?.isMine === true;
  const refusals: Refusal[] = kind === 'bank-line' ? ['returned', 'ignored'] : ['refuse'];
  const refusal = dialog === null || dialog === 'credit' ? null : REFUSALS[dialog];
  const credit = (body: { reason: string; amountMinor?: number }) =>
    actions.credit.mutate(body, { onSuccess: close });
  return (
    <div className="decision-bar">
      <ClaimControl
        claim={claim}
        canClaim={canDecide}
        isBusy={actions.claim.isPending || actions.release.isPending}
        onClaim={() => actions.claim.mutate(undefined)}
        onRelease={() => actions.release.mutate(undefined)}
      />
      {canDecide ? (
        <div className="decision-bar__buttons">
          {!isMine ? <span className="muted">{t('needsClaim')}</span> : null}
          {kind === 'bank-line' ? null : props.creditBlocked ? (
            <span className="muted">{props.creditBlocked}</span>
          ) : (
            <Button disabled={!isMine} onClick={() => setDialog('credit')}>
              {t('credit')}
            </Button>
          )}
          {refusals.map((name) => (
            <Button
              key={name}
              variant={REFUSALS[name].variant}
              // A QR payment without its bank notice yet can be neither credited nor refused.
              disabled={!isMine || (props.queue === 'qr' && Boolean(props.creditBlocked))}
              onClick={() => setDialog(name)}
            >
              {t(REFUSALS[name].button)}
            </Button>
          ))}
        </div>
      ) : null}
      {kind === 'slip' ? (
        <SlipCreditDialog
          isOpen={dialog === 'credit'}
          onClose={close}
          verifierAmountMinor={props.slipAmountMinor ?? null}
          summary={props.creditSummary}
          isBusy={actions.credit.isPending}
          onConfirm={credit}
        />
      ) : (
        <ReasonDialog
          isOpen={dialog === 'credit'}
          onClose={close}
          title={t('creditTitle')}
          summary={props.creditSummary}
          confirmText={t('credit')}
          isBusy={actions.credit.isPending}
          onConfirm={(reason) => credit({ reason })}
        />
      )}
      <ReasonDialog
        isOpen={refusal !== null}
        onClose={close}
        title={t(refusal?.title ?? 'refuseTitle')}
        summary={props.refuseSummary}
        confirmText={t(refusal?.button ?? 'refuse')}
        variant="danger"
        isBusy={actions.refuse.isPending}
        onConfirm={(reason) =>
          actions.refuse.mutate(
            refusal?.outcome ? { reason, outcome: refusal.outcome } : { reason },
            { onSuccess: close },
          )
        }
      />
    </div>
  );
}
