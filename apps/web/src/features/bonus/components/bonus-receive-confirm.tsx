import type { BonusPreview } from '@mekong/contracts/bonus';
import { AlertTriangle, Lock } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Loading } from '@/components/loading';
import { Modal } from '@/components/modal';
import { bonusPreviewQuery } from '@/features/bonus/api/bonus-api';
import { errorText } from '@/lib/error-message';
import { formatAmount } from '@/lib/format';

type ConfirmProps = {
  code: string | null;
  /** A listed bonus or a promotion code (its own preview call). */
  kind?: 'bonus' | 'promotion';
  name: string;
  currency?: string;
  isSending: boolean;
  isBusyShown: boolean;
  onConfirm: (code: string) => void;
  onClose: () => void;
};

/**
 * Issue 28 item 1: before a bonus is received, the server's preview (its own activation checks and arithmetic) in
 * baht: what the member receives, what must be played or reached, and how much of their own money cannot be withdrawn
 * until then. Only this sheet's button receives the bonus; a refusal is said here, with nothing to confirm.
 */
export function BonusReceiveConfirm({ code, kind = 'bonus', name, currency, isSending, isBusyShown, onConfirm, onClose }: ConfirmProps) {
  const { t } = useTranslation();
  const preview = useQuery({ ...bonusPreviewQuery(code ?? '', kind), enabled: code !== null });
  const money = (value: number) => formatAmount(value, currency);
  const data = preview.data?.preview;

  return (
    <Modal
      isOpen={code !== null}
      onOpenChange={(isOpen) => !isOpen && !isSending && onClose()}
      title={t('bonus.confirmSheet.title')}
      description={name}
      testId="bonus-receive-confirm"
      footer={
        <div className="bonus-dialog-actions">
          {data && (
            <Button variant="gold" isBlock onClick={() => code && onConfirm(code)} disabled={isSending} isBusy={isBusyShown} data-testid="bonus-receive-confirm-submit">
              {t('bonus.confirmSheet.submit')}
            </Button>
          )}
          <Button variant="secondary" isBlock onClick={onClose} disabled={isSending} data-testid="bonus-receive-confirm-back">
            {t('bonus.confirmSheet.back')}
          </Button>
        </div>
      }
    >
      {data ? (
        <PreviewFigures preview={data} money={money} />
      ) : preview.isError ? (
        <p className="inline-notice bonus-risk__refused" role="alert" data-testid="bonus-receive-confirm-refused">
          <AlertTriangle size={18} aria-hidden /> {errorText(t, preview.error)}
        </p>
      ) : (
        <Loading />
      )}
    </Modal>
  );
}

function PreviewFigures({ preview, money }: { preview: BonusPreview; money: (value: number) => string }) {
  const { t } = useTranslation();
  return (
    <div className="bonus-preview">
      <dl className="bonus-preview__figures">
        <div className="bonus-preview__figure">
          <dt>{t('bonus.confirmSheet.receive')}</dt>
          <dd data-testid="bonus-preview-receive">{money(preview.bonusAmount)}</dd>
        </div>
        <div className="bonus-preview__figure">
          <dt>{t(`bonus.confirmSheet.target.${preview.conditionKind}`)}</dt>
          <dd data-testid="bonus-preview-target">{money(preview.target)}</dd>
        </div>
        <div className="bonus-preview__figure bonus-preview__figure--locked">
          <dt>
            <Lock size={16} aria-hidden /> {t('bonus.confirmSheet.locked')}
          </dt>
          <dd data-testid="bonus-preview-locked">{money(preview.lockedAmount)}</dd>
        </div>
      </dl>
      <p className="inline-notice" role="note" data-testid="bonus-preview-summary">
        {preview.lockedAmount > 0
          ? t('bonus.confirmSheet.lockedNote', { locked: money(preview.lockedAmount), target: money(preview.target) })
          : t('bonus.confirmSheet.nothingLocked', { target: money(preview.target) })}
      </p>
      <dl className="bonus-terms">
        <div className="bonus-terms__row">
          <dt>{t('bonus.withdrawCap')}</dt>
          <dd>{preview.withdrawCap === null ? t('bonus.noCap') : money(preview.withdrawCap)}</dd>
        </div>
        <div className="bonus-terms__row">
          <dt>{t('bonus.terms.valid')}</dt>
          <dd>{t('bonus.terms.validDays', { count: preview.validDays })}</dd>
        </div>
      </dl>
      <p className="active-bonus__fail" data-testid="bonus-preview-fail">
        <AlertTriangle size={16} aria-hidden /> {t('bonus.failLine', { amount: money(preview.failBelow) })}
      </p>
    </div>
  );
}
