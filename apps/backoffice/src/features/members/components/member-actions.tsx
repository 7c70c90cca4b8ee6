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

      <ReasonDialog
        isOpen={open === 'freeze'}
        onClose={close}
        title={t('freezeTitle')}
        summary={t('freezeSummary', { name: member.name })}
        confirmText={t('freeze')}
        variant="danger"
        isBusy={actions.freeze.isPending}
        onConfirm={(reason) => actions.freeze.mutate(reason, { onSuccess: close })}
      />
      <ReasonDialog
        isOpen={open === 'unfreeze'}
        onClose={close}
        title={t('unfreezeTitle')}
        summary={t('unfreezeSummary', { name: member.name })}
        confirmText={t('unfreeze')}
        isBusy={actions.unfreeze.isPending}
        onConfirm={(reason) => actions.unfreeze.mutate(reason, { onSuccess: close })}
      />
      <ReasonDialog
        isOpen={open === 'signOut'}
        onClose={close}
        title={t('signOutTitle')}
        summary={t('signOutSummary', { name: member.name })}
        confirmText={t('signOut')}
        isReasonRequired={false}
        isBusy={actions.signOut.isPending}
        onConfirm={(reason) => actions.signOut.mutate(reason, { onSuccess: close })}
      />
      <ReasonDialog
        isOpen={open === 'reset'}
        onClose={close}
        title={t('resetTitle')}
        summary={t('resetSummary', { phone: member.phone })}
        confirmText={t('resetSend')}
        isReasonRequired={false}
        isBusy={actions.resetPassword.isPending}
        onConfirm={(reason) => actions.resetPassword.mutate(reason, { onSuccess: close })}
      />
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
