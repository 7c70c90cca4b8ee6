import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Adjustment } from '@mekong/contracts/admin/members';
import { Button } from '@/components/button';
import { ReasonDialog } from '@/components/reason-dialog';
import { useAdjustmentDecision } from '@/features/members/hooks/use-member-actions';

/**
 * The second operator's side of a waiting adjustment (maker-checker): approve and reject buttons for a row,
 * and the dialog that asks the reason of a rejection. Used by the approvals list and the member's tab.
 */
export function useAdjustmentReview(memberId?: string) {
  const { t } = useTranslation('members');
  const { approve, reject } = useAdjustmentDecision(memberId);
  const [rejecting, setRejecting] = useState<Adjustment | null>(null);

  const decisionButtons = useCallback(
    (row: Adjustment) => (
      <span className="claim">
        <Button
          isBusy={approve.isPending && approve.variables === row.id}
          onClick={() => approve.mutate(row.id)}
        >
          {t('approve')}
        </Button>
        <Button variant="secondary" onClick={() => setRejecting(row)}>
          {t('reject')}
        </Button>
      </span>
    ),
    [t, approve],
  );

  const rejectDialog = (
    <ReasonDialog
      isOpen={rejecting !== null}
      onClose={() => setRejecting(null)}
      title={t('rejectTitle')}
      confirmText={t('reject')}
      variant="danger"
      isBusy={reject.isPending}
      onConfirm={(reason) =>
        rejecting &&
        reject.mutate({ id: rejecting.id, reason }, { onSuccess: () => setRejecting(null) })
      }
    />
  );
  return { decisionButtons, rejectDialog };
}
