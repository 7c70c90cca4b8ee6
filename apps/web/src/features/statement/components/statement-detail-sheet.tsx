import type { StatementEntry } from '@mekong/contracts/statement';
import { useQuery } from '@tanstack/react-query';
import { Copy, Download, Share2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button, IconButton } from '@/components/button';
import { Modal } from '@/components/modal';
import { typeIcons } from '@/features/statement/components/statement-list';
import { receiptPng, type ReceiptPicture } from '@/features/statement/hooks/receipt-image';
import { canSharePictures, savePicture } from '@/lib/image-file';
import { amountSign, signedAmount, statusKind } from '@/features/statement/hooks/statement-format';
import { receiptFields, type StatementNames } from '@/features/statement/hooks/statement-labels';
import { brandQuery } from '@/lib/lookup-queries';
import { useCopy } from '@/lib/use-copy';
import { useDateEra } from '@/lib/use-date-era';
import '@/features/statement/components/statement-detail.css';

type SheetProps = {
  entry: StatementEntry | null;
  names: StatementNames;
  symbol: string;
  onClose: () => void;
};

/** A row's receipt in a bottom sheet (issue 9): amount, status, channel, reference, from/to, date-time, id. */
export function StatementDetailSheet({ entry, names, symbol, onClose }: SheetProps) {
  const { t } = useTranslation();
  return (
    <Modal
      isOpen={entry !== null}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      variant="sheet"
      title={t('statementFlow.detail.title')}
      testId="statement-detail"
    >
      {entry && <Receipt entry={entry} names={names} symbol={symbol} />}
    </Modal>
  );
}

function Receipt({ entry, names, symbol }: { entry: StatementEntry; names: StatementNames; symbol: string }) {
  const { t } = useTranslation();
  const copy = useCopy();
  const { data: brand } = useQuery(brandQuery);
  const [busy, setBusy] = useState<'save' | 'share' | null>(null);
  const [canShare] = useState(canSharePictures);
  const kind = statusKind(entry.status);
  const sign = amountSign(entry.statementType);
  const tone = sign === '+' ? 'in' : sign === '-' ? 'out' : 'neutral';
  const Icon = typeIcons[entry.statementType];
  const dates = useDateEra();
  const fields = receiptFields(entry, names, t, dates);
  const note = kind === 'progress' ? t('statementFlow.detail.pendingNote') : kind === 'failed' ? t('statementFlow.detail.failedNote') : null;

  const picture = (): ReceiptPicture => ({
    brand: brand?.name || t('app.name'),
    title: t('statementFlow.detail.receiptTitle'),
    amount: signedAmount(entry, symbol),
    tone,
    status: { text: t(`statement.status.${kind}`), kind },
    fields: fields.filter((f) => f.key !== 'status').map(({ label, value }) => ({ label, value })),
    note,
    footer: t('dates.timeZone'),
  });
  const fileName = `receipt-${entry._id.replace(/[^\w-]/g, '').slice(0, 12)}.png`;

  const onSave = async () => {
    setBusy('save');
    try {
      const receipt = await receiptPng(picture(), fileName);
      savePicture(receipt, receipt.name);
      toast.success(t('statementFlow.detail.saved'));
    } catch {
      toast.error(t('statementFlow.detail.saveFailed'));
    } finally {
      setBusy(null);
    }
  };
  const onShare = async () => {
    setBusy('share');
    try {
      const file = await receiptPng(picture(), fileName);
      await navigator.share({ files: [file], title: t('statementFlow.detail.receiptTitle') });
    } catch (error) {
      // The member closing the share sheet is not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) toast.error(t('statementFlow.detail.saveFailed'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="receipt" data-testid="statement-receipt" data-channel={entry.channel ?? ''}>
      <div className="receipt__head">
        <span className={`statement-row__icon statement-row__icon--${entry.statementType}`} aria-hidden>
          <Icon size={22} />
        </span>
        <p className={`receipt__amount receipt__amount--${tone}`} data-testid="receipt-amount">
          {signedAmount(entry, symbol)}
        </p>
        <span className={`status-chip status-chip--${kind}`} data-testid="receipt-status">
          {t(`statement.status.${kind}`)}
        </span>
      </div>
      {note && (
        <p className={`receipt__note receipt__note--${kind}`} data-testid="receipt-note">
          {note}
        </p>
      )}
      <dl className="receipt__fields">
        {fields
          .filter((field) => field.key !== 'status')
          .map((field) => (
            <div key={field.key} className="receipt__field" data-testid={`receipt-${field.key}`}>
              <dt>{field.label}</dt>
              <dd className={field.isCode ? 'receipt__code' : undefined}>
                <span data-testid={`receipt-${field.key}-value`}>{field.value}</span>
                {field.isCode && (
                  <IconButton
                    className="receipt__copy"
                    label={t(field.key === 'id' ? 'statementFlow.detail.copyId' : 'statementFlow.detail.copyReference')}
                    onClick={() => void copy(field.value)}
                    data-testid={`receipt-copy-${field.key}`}
                  >
                    <Copy size={18} aria-hidden />
                  </IconButton>
                )}
              </dd>
            </div>
          ))}
      </dl>
      <p className="receipt__zone muted">{t('dates.timeZone')}</p>
      <div className="receipt__actions">
        <Button variant="secondary" isBlock onClick={() => void onSave()} isBusy={busy === 'save'} disabled={busy !== null} data-testid="receipt-save">
          <Download size={18} aria-hidden /> {t('statementFlow.detail.save')}
        </Button>
        {canShare && (
          <Button variant="primary" isBlock onClick={() => void onShare()} isBusy={busy === 'share'} disabled={busy !== null} data-testid="receipt-share">
            <Share2 size={18} aria-hidden /> {t('statementFlow.detail.share')}
          </Button>
        )}
      </div>
    </div>
  );
}
