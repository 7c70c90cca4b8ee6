import { KeyRound, LogOut, Scale, Snowflake, Sun } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberDetail } from '@mekong/contracts/admin/members';
import { Button } from '@/components/button';
import { ReasonDialog } from '@/components/reason-dialog';
import { useCan } from '@/lib/use-operator';
import { AdjustDialog } from '@/features/members/components/adjust-dialog';
import { displayCurrency } from '@/features/members/components/member-status-badge';
import { useMemberActions } from '@/features/members/hooks/use-member-actions';

type Open = 'freeze' | 'unfreeze' | 'signOut' | 'reset' | 'adjust' | null;

/** The member page's buttons; each shows only to operators whose role may use it. */
export function MemberActions({ detail }: { detail: MemberDetail }) {
  const { t } = useTranslation('members');
  const canManage = useCan('members.manage');
  const canAdjust = useCan('members.adjust');
  const [open, setOpen] = useState<Open>(null);
  const { member, balances } = detail;
  const actions = useMemberActions(member.id);
  const close = () => setOpen(null);
  const isFrozen = member.status === 'suspended';
  // The actions that ask the operator for a reason (optional for sign-out and reset) before they run; each has the
  // texts `<key>Title` and `<key>Summary`.
  const reasonActions = [
    { key: 'freeze', confirm: 'freeze', variant: 'danger' as const, mutation: actions.freeze },
    { key: 'unfreeze', confirm: 'unfreeze', mutation: actions.unfreeze },
    { key: 'signOut', confirm: 'signOut', isReasonRequired: false, mutation: actions.signOut },
    {
      key: 'reset',
      confirm: 'resetSend',
      isReasonRequired: false,
      mutation: actions.resetPassword,
    },
  ];

  return (
    <>
      {canManage ? (
        <>
          {isFrozen ? (
            <Button variant="secondary" onClick={() => setOpen('unfreeze')}>
              <Sun size={16} aria-hidden /> {t('unfreeze')}
            </Button>
          ) : (
            <Button variant="danger" onClick={() => setOpen('freeze')}>
              <Snowflake size={16} aria-hidden /> {t('freeze')}
            </Button>
          )}
          <Button variant="secondary" onClick={() => setOpen('signOut')}>
            <LogOut size={16} aria-hidden /> {t('signOut')}
          </Button>
          <Button variant="secondary" onClick={() => setOpen('reset')}>
            <KeyRound size={16} aria-hidden /> {t('resetPassword')}
          </Button>
        </>
      ) : null}
      {canAdjust ? (
        <Button onClick={() => setOpen('adjust')}>
          <Scale size={16} aria-hidden /> {t('adjust')}
        </Button>
      ) : null}

      {reasonActions.map((action) => (
        <ReasonDialog
          key={action.key}
          isOpen={open === action.key}
          onClose={close}
          title={t(`${action.key}Title`)}
          summary={t(`${action.key}Summary`, { name: member.name, phone: member.phone })}
          confirmText={t(action.confirm)}
          variant={action.variant}
          isReasonRequired={action.isReasonRequired}
          isBusy={action.mutation.isPending}
          onConfirm={(reason) => action.mutation.mutate(reason, { onSuccess: close })}
        />
      ))}
      <AdjustDialog
        isOpen={open === 'adjust'}
        onClose={close}
        memberName={member.name}
        currency={displayCurrency(member.currency)}
        cashMinor={balances.cashAvailableMinor}
        isBusy={actions.adjust.isPending}
        onSubmit={(input) => actions.adjust.mutate(input, { onSuccess: close })}
      />
    </>
  );
}
