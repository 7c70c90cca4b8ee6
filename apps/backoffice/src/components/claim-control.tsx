import { Lock, LockOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Claim } from '@mekong/contracts/admin/claims';
import { Button } from '@/components/button';

type ClaimControlProps = {
  claim: Claim | null | undefined;
  onClaim: () => void;
  onRelease: () => void;
  isBusy?: boolean;
  canClaim: boolean;
};

/** Who works on a queue item; claim it before deciding, release it to hand it back. */
export function ClaimControl({ claim, onClaim, onRelease, isBusy, canClaim }: ClaimControlProps) {
  const { t } = useTranslation();
  if (claim && !claim.isMine)
    return (
      <span className="badge badge--warn">
        <Lock size={14} aria-hidden /> {t('claim.byOther', { name: claim.claimedBy })}
      </span>
    );
  if (claim?.isMine)
    return (
      <span className="claim">
        <span className="badge badge--ok">
          <Lock size={14} aria-hidden /> {t('claim.mine')}
        </span>
        <Button variant="ghost" onClick={onRelease} isBusy={isBusy}>
          <LockOpen size={14} aria-hidden /> {t('claim.release')}
        </Button>
      </span>
    );
  if (!canClaim) return <span className="badge">{t('claim.free')}</span>;
  return (
    <Button variant="secondary" onClick={onClaim} isBusy={isBusy}>
      <Lock size={14} aria-hidden /> {t('claim.take')}
    </Button>
  );
}
