import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { useAuditVerify } from '@/features/audit/api/audit-api';

/**
 * The check of the audit trail's hash chain: asked by the button (the first press starts the query, later ones
 * repeat it), its verdict shown below the page header.
 */
export function useChainCheck() {
  const { t } = useTranslation('audit');
  const [isAsked, setIsAsked] = useState(false);
  const verify = useAuditVerify(isAsked);
  const verdict = verify.data;
  const button = (
    <Button
      variant="secondary"
      isBusy={verify.isFetching}
      onClick={() => (isAsked ? void verify.refetch() : setIsAsked(true))}
    >
      <ShieldCheck size={16} aria-hidden /> {t('verify')}
    </Button>
  );
  const notice = verdict ? (
    <p
      className={`notice ${verdict.isIntact ? 'notice--ok' : 'notice--danger'}`}
      role="status"
      data-testid="audit-verdict"
    >
      {verdict.isIntact ? (
        <ShieldCheck size={16} aria-hidden />
      ) : (
        <ShieldAlert size={16} aria-hidden />
      )}{' '}
      {verdict.isIntact
        ? t('intact', { records: verdict.records })
        : t('broken', { seq: verdict.atSeq, problem: verdict.problem })}
    </p>
  ) : null;
  return { button, notice };
}
