import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Dialog } from '@/components/dialog';
import { ErrorText } from '@/components/error-text';
import { formatDateTime, formatMinor } from '@/lib/format';
import { checkSlip } from '@/features/chat/api/chat-api';

/**
 * What the slip verifier reads from a chat image and whether its reference is already used; it credits nothing
 * (crediting stays in the money-in queue).
 */
export function CheckSlipDialog({
  conversationId,
  path,
  onClose,
}: {
  conversationId: string;
  path: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('chat');
  const check = useMutation({ mutationFn: () => checkSlip(conversationId, path) });
  const { mutate } = check;
  useEffect(() => mutate(), [mutate]);
  const result = check.data;

  return (
    <Dialog isOpen onClose={onClose} title={t('slip.title')} description={t('slip.info')}>
      {check.isPending ? (
        <div className="skeleton" aria-busy="true" aria-label={t('loading')} />
      ) : null}
      <ErrorText error={check.error} />
      {result ? (
        <div data-testid="slip-result">
          <p className={`notice ${result.result === 'READ' ? 'notice--ok' : 'notice--warn'}`}>
            {t(`slip.result.${result.result}`)}
          </p>
          {result.result === 'READ' ? (
            <dl className="facts">
              <dt>{t('slip.reference')}</dt>
              <dd>
                <code>{result.reference ?? '—'}</code>
              </dd>
              <dt>{t('slip.amount')}</dt>
              <dd>{result.amountMinor ? formatMinor(result.amountMinor) : '—'}</dd>
              <dt>{t('slip.when')}</dt>
              <dd>{formatDateTime(result.transferredAt, i18n.language)}</dd>
              <dt>{t('slip.sender')}</dt>
              <dd>{result.senderBank ?? '—'}</dd>
              <dt>{t('slip.receiver')}</dt>
              <dd>{result.receiverAccount ?? '—'}</dd>
            </dl>
          ) : null}
          {result.existing ? (
            <p className="notice notice--danger">
              {t('slip.used', {
                kind: result.existing.kind,
                status: t(`members:state.${result.existing.status}`, {
                  defaultValue: result.existing.status,
                }),
              })}
            </p>
          ) : result.result === 'READ' ? (
            <p className="notice notice--ok">{t('slip.unused')}</p>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
