import { ledgerCurrency } from '@mekong/contracts/constants';
import { KeyRound, LogOut, Scale, Snowflake, Sun, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberDetail } from '@mekong/contracts/admin/members';
import { Button } from '@/components/button';
import { ReasonDialog } from '@/components/reason-dialog';
import { useCan } from '@/lib/use-operator';
import { AdjustDialog } from '@/features/members/components/adjust-dialog';
import { useMemberActions } from '@/features/members/hooks/use-member-actions';

type ReasonActionKey = 'freeze' | 'unfreeze' | 'signOut' | 'reset';
type Open = ReasonActionKey | 'adjust' | null;

type ReasonAction = {
  key: ReasonActionKey;
  Icon: LucideIcon;
  /** The texts of the button and of the dialog's confirm button. */
  label: string;
  confirm: string;
  variant?: 'danger';
  isReasonRequired?: boolean;
};

// The actions that ask the operator for a reason (optional for sign-out and reset) before they run: each has its
// button (freeze or unfreeze, as the member stands) and the texts `<key>Title` and `<key>Summary`.
const REASON_ACTIONS: ReasonAction[] = [
  {
    key: 'freeze',
    Icon: Snowflake,
    label: 'freeze',
    confirm: 'freeze',
    variant: 'danger',
  },
  { key: 'unfreeze', Icon: Sun, label: 'unfreeze', confirm: 'unfreeze' },
  { key: 'signOut', Icon: LogOut, label: 'signOut', confirm: 'signOut', isReasonRequired: false },
  {
    key: 'reset',
    Icon: KeyRound,
    label: 'resetPassword',
    confirm: 'resetSend',
    isReasonRequired: false,
  },
];

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
  const mutations = {
    freeze: actions.freeze,
    unfreeze: actions.unfreeze,
    signOut: actions.signOut,
    reset: actions.resetPassword,
  };
  const shownActions = REASON_ACTIONS.filter(
    (action) => action.key !== (isFrozen ? 'freeze' : 'unfreeze'),
  );

  return (
    <>
      {canManage
        ? shownActions.map(({ key, Icon, label, variant }) => (
            <Button key={key} variant={variant ?? 'secondary'} onClick={() => setOpen(key)}>
              <Icon size={16} aria-hidden /> {t(label)}
            </Button>
          ))
        : null}
      {canAdjust ? (
        <Button onClick={() => setOpen('adjust')}>
          <Scale size={16} aria-hidden /> {t('adjust')}
        </Button>
      ) : null}

      {REASON_ACTIONS.map((action) => (
        <ReasonDialog
          key={action.key}
          isOpen={open === action.key}
          onClose={close}
          title={t(`${action.key}Title`)}
          summary={t(`${action.key}Summary`, { name: member.name, phone: member.phone })}
          confirmText={t(action.confirm)}
          variant={action.variant}
          isReasonRequired={action.isReasonRequired}
          isBusy={mutations[action.key].isPending}
          onConfirm={(reason) => mutations[action.key].mutate(reason, { onSuccess: close })}
        />
      ))}
      <AdjustDialog
        isOpen={open === 'adjust'}
        onClose={close}
        memberName={member.name}
        currency={ledgerCurrency(member.currency)}
        cashMinor={balances.cashAvailableMinor}
        isBusy={actions.adjust.isPending}
        onSubmit={(input) => actions.adjust.mutate(input, { onSuccess: close })}
      />
    </>
  );
}
