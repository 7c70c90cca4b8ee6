import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { useAuditVerify } from '@/features/audit/api/audit-api';
import { formatDateTime } from '@/lib/format';

/**
 * The check of the audit trail's hash chain: asked by the button (the first press starts the query, later ones
 * repeat it), its verdict shown below the page header.
 */
export function useChainCheck() {
  const { t, i18n } = useTranslation('audit');
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
  const anchored = verdict?.anchor
    ? t('anchored', {
        seq: verdict.anchor.seq,
        at: formatDateTime(verdict.anchor.at, i18n.language),
      })
    : t('notAnchored');
  const notice = verdict ? (
    <div
      className={`notice ${verdict.isIntact ? 'notice--ok' : 'notice--danger'}`}
      role="status"
      data-testid="audit-verdict"
    >
      <p>
        {verdict.isIntact ? (
          <ShieldCheck size={16} aria-hidden />
        ) : (
          <ShieldAlert size={16} aria-hidden />
        )}{' '}
        {verdict.isIntact
          ? t('intact', { records: verdict.records })
          : t('brokenCount', { count: verdict.brokenTotal, records: verdict.records })}{' '}
        {anchored}
      </p>
      {verdict.broken.length > 0 ? (
        <ul data-testid="audit-broken">
          {verdict.broken.map((entry) => (
            <li key={`${entry.seq}-${entry.kind}`}>
              {t('brokenAt', { seq: entry.seq, problem: t(`breaks.${entry.kind}`) })}
            </li>
          ))}
          {verdict.brokenTotal > verdict.broken.length ? (
            <li>{t('brokenMore', { count: verdict.brokenTotal - verdict.broken.length })}</li>
          ) : null}
        </ul>
      ) : null}
    </div>
  ) : null;
  return { button, notice };
}
