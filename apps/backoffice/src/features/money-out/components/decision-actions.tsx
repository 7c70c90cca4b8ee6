import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Claim } from '@mekong/contracts/admin/claims';
import { Button } from '@/components/button';
import { ClaimControl } from '@/components/claim-control';
import { ReasonDialog } from '@/components/reason-dialog';
import { useCan } from '@/lib/use-operator';
import type { MoneyOutDecision } from '@/features/money-out/api/money-out-api';
import {
  queueOf,
  useClaimActions,
  useDecision,
} from '@/features/money-out/hooks/use-money-out-actions';

/** One decision button of an item: what it says and what its confirmation says. */
export type DecisionChoice = {
  decision: MoneyOutDecision;
  /** The button's and the confirm button's text, when not the decision's own. */
  label?: string;
  summary: ReactNode;
  isDisabled?: boolean;
};

/** Reject and refund move money back and need a reason; approve and retry take an optional note. */
const isDanger = (decision: MoneyOutDecision) => decision === 'reject' || decision === 'refund';

/** The claim, then the decision buttons of a money-out item; each asks its reason in a dialog. */
export function DecisionActions(props: {
  item: { id: string; claim: Claim | null };
  choices: [DecisionChoice, ...DecisionChoice[]];
  notes?: ReactNode;
  onDecided: () => void;
}) {
  const { t } = useTranslation('moneyOut');
  const canDecide = useCan('withdrawals.decide');
  const { claim, release } = useClaimActions(queueOf(props.choices[0].decision));
  const { id } = props.item;
  const isMine = props.item.claim?.isMine === true;
  return (
    <div className="money-out__actions">
      <ClaimControl
        claim={props.item.claim}
        canClaim={canDecide}
        isBusy={claim.isPending || release.isPending}
        onClaim={() => claim.mutate(id)}
        onRelease={() => release.mutate(id)}
      />
      {canDecide
        ? props.choices.map((choice) => (
            <DecisionButton
              key={choice.decision}
              {...choice}
              id={id}
              isDisabled={!isMine || choice.isDisabled === true}
              onDecided={props.onDecided}
            />
          ))
        : null}
      {canDecide && !isMine ? <p className="muted">{t('claimFirst')}</p> : null}
      {props.notes}
    </div>
  );
}

function DecisionButton(props: DecisionChoice & { id: string; onDecided: () => void }) {
  const { t } = useTranslation('moneyOut');
  const [isOpen, setIsOpen] = useState(false);
  const mutation = useDecision(props.decision, () => {
    setIsOpen(false);
    props.onDecided();
  });
  const label = props.label ?? t(props.decision);
  const variant = isDanger(props.decision) ? 'danger' : 'primary';
  return (
    <>
      <Button variant={variant} disabled={props.isDisabled} onClick={() => setIsOpen(true)}>
        {label}
      </Button>
      <ReasonDialog
        isOpen={isOpen}
        onClose={() => setIsOpen(false)}
        title={t(`${props.decision}Title`)}
        summary={props.summary}
        confirmText={label}
        variant={variant}
        isReasonRequired={isDanger(props.decision)}
        isBusy={mutation.isPending}
        onConfirm={(reason) => mutation.mutate({ id: props.id, reason })}
      />
    </>
  );
}
