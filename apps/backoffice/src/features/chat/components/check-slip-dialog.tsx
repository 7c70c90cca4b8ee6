import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Dialog } from '@/components/dialog';
import { ErrorText } from '@/components/error-text';
import { Facts } from '@/components/facts';
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
            <Facts
              rows={[
                { label: t('slip.reference'), value: <code>{result.reference ?? '—'}</code> },
                {
                  label: t('slip.amount'),
                  value: result.amountMinor ? formatMinor(result.amountMinor) : '—',
                },
                {
                  label: t('slip.when'),
                  value: formatDateTime(result.transferredAt, i18n.language),
                },
                { label: t('slip.sender'), value: result.senderBank ?? '—' },
                { label: t('slip.receiver'), value: result.receiverAccount ?? '—' },
              ]}
            />
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
