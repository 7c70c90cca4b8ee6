import { useTranslation } from 'react-i18next';
import {
  adminAdjustmentApproveContract,
  adminAdjustmentRejectContract,
  adminMemberAdjustContract,
  adminMemberFreezeContract,
  adminMemberPasswordResetContract,
  adminMemberSignOutContract,
  adminMemberUnfreezeContract,
} from '@mekong/contracts/admin/members';
import type { BodyOf } from '@mekong/contracts/contract';
import { useAdminMutation } from '@/components/use-admin-mutation';
import { adminFetch } from '@/lib/api-client';
import { memberKey, PENDING_ADJUSTMENTS_KEY } from '@/features/members/api/members-api';

export type AdjustInput = BodyOf<typeof adminMemberAdjustContract>;

/** The member page's actions; each refreshes the whole member page (and the approvals list) when done. */
export function useMemberActions(memberId: string) {
  const { t } = useTranslation('members');
  const invalidates = [memberKey(memberId), PENDING_ADJUSTMENTS_KEY];
  const params = { id: memberId };

  const freeze = useAdminMutation({
    run: (reason: string) => adminFetch(adminMemberFreezeContract, { params, body: { reason } }),
    invalidates,
    successText: (r) => t('frozenDone', { count: r.sessionsEnded }),
  });
  const unfreeze = useAdminMutation({
    run: (reason: string) => adminFetch(adminMemberUnfreezeContract, { params, body: { reason } }),
    invalidates,
    successText: () => t('unfrozenDone'),
  });
  const signOut = useAdminMutation({
    run: (reason: string) =>
      adminFetch(adminMemberSignOutContract, { params, body: { reason: reason || undefined } }),
    invalidates,
    successText: (r) => t('signedOutDone', { count: r.sessionsEnded }),
  });
  const resetPassword = useAdminMutation({
    run: (reason: string) =>
      adminFetch(adminMemberPasswordResetContract, {
        params,
        body: { reason: reason || undefined },
      }),
    invalidates,
    successText: (r) => t('resetDone', { ref: r.otpRef }),
  });
  const adjust = useAdminMutation({
    run: (body: AdjustInput) => adminFetch(adminMemberAdjustContract, { params, body }),
    invalidates,
    successText: (r) => (r.status === 'posted' ? t('adjustPosted') : t('adjustWaiting')),
  });
  return { freeze, unfreeze, signOut, resetPassword, adjust };
}

/** Approve or reject a waiting adjustment (maker-checker). */
export function useAdjustmentDecision(memberId?: string) {
  const { t } = useTranslation('members');
  const invalidates = memberId
    ? [memberKey(memberId), PENDING_ADJUSTMENTS_KEY]
    : [PENDING_ADJUSTMENTS_KEY, ['admin', 'members']];
  const approve = useAdminMutation({
    run: (id: string) => adminFetch(adminAdjustmentApproveContract, { params: { id } }),
    invalidates,
    successText: () => t('adjustPosted'),
  });
  const reject = useAdminMutation({
    run: (input: { id: string; reason: string }) =>
      adminFetch(adminAdjustmentRejectContract, {
        params: { id: input.id },
        body: { reason: input.reason },
      }),
    invalidates,
    successText: () => t('adjustRejected'),
  });
  return { approve, reject };
}
