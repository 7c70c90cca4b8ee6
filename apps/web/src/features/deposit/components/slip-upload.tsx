import { SLIP_MAX_BYTES, type Slip } from '@mekong/contracts/deposit';
import { useQuery } from '@tanstack/react-query';
import { CircleAlert, Hourglass, MessageCircle, RefreshCw, Upload } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { useMoneyMutation } from '@/components/use-money-mutation';
import { uploadSlip } from '@/features/deposit/api/deposit-api';
import { slipReasonKey } from '@/lib/slip-format';
import { ApiError } from '@/lib/api-client';
import { slipWindowQuery } from '@/lib/lookup-queries';

const ACCEPTED_TYPES = ['image/jpeg', 'image/png'];

type Outcome = { kind: 'slip'; slip: Slip } | { kind: 'error'; message: string };

type SlipUploadProps = {
  /** An accepted slip: the deposit sheet's one success view shows it (the amount credited). */
  onCredited: (amount: number) => void;
  /** The member leaves for the support chat (the sheet closes). */
  onContact: () => void;
};

/**
 * Slip upload (docs/spec.md §7): jpeg or png, multipart, 300 s; the answer is the slip row with its status and reason.
 * A refused slip says why and offers the next step: upload another, or ask support.
 */
export function SlipUpload({ onCredited, onContact }: SlipUploadProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const slipWindow = useQuery(slipWindowQuery);
  const isClosed = slipWindow.data?.isOpen === false;

  const upload = useMoneyMutation({
    scope: 'slip',
    fingerprint: (file: File) => `${file.name}:${file.size}:${file.lastModified}`,
    send: (file: File, idempotencyKey: string) => {
      if (!ACCEPTED_TYPES.includes(file.type) || file.size > SLIP_MAX_BYTES) return Promise.reject(new ApiError('SLIP_INVALID_FILE', 400));
      return uploadSlip(file, idempotencyKey);
    },
    onSuccess: ({ slip }) => {
      if (slip.status === 'SUCCESS') onCredited(slip.amount);
      else setOutcome({ kind: 'slip', slip });
    },
    onError: (message) => setOutcome({ kind: 'error', message }),
  });

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file || upload.isPending) return;
    setOutcome(null);
    upload.mutate(file, {
      onSettled: () => {
        if (input.current) input.current.value = '';
      },
    });
  };

  return (
    <div className="slip-upload">
      {isClosed && (
        <p className="inline-notice" role="note" data-testid="slip-upload-closed">
          <Hourglass size={18} aria-hidden />
          {slipWindow.data?.closedFrom && slipWindow.data.closedTo
            ? t('slip.closedBetween', { from: slipWindow.data.closedFrom, to: slipWindow.data.closedTo })
            : t('slip.closed')}
        </p>
      )}
      <label className={`slip-upload__drop${upload.isPending ? ' is-busy' : ''}`} aria-busy={upload.isPending || undefined}>
        <input
          ref={input}
          type="file"
          accept={ACCEPTED_TYPES.join(',')}
          className="sr-only"
          onChange={onFile}
          disabled={upload.isPending}
          data-testid="slip-upload-input"
        />
        {upload.isBusyShown ? <span className="spinner" aria-hidden /> : <Upload size={22} aria-hidden />}
        <span className="slip-upload__title">{upload.isPending ? t('slip.uploading') : t('slip.choose')}</span>
        <span className="slip-upload__hint muted">{t('slip.hint')}</span>
      </label>
      <div aria-live="polite">{outcome && <SlipOutcome outcome={outcome} onAnother={() => input.current?.click()} onContact={onContact} />}</div>
    </div>
  );
}

function SlipOutcome({ outcome, onAnother, onContact }: { outcome: Outcome; onAnother: () => void; onContact: () => void }) {
  const { t } = useTranslation();
  if (outcome.kind === 'slip' && outcome.slip.status !== 'FAILED') {
    return (
      <p className="slip-result slip-result--progress" data-testid="slip-upload-result" data-status={outcome.slip.status}>
        <Hourglass size={18} aria-hidden /> {t('slip.inProgress')}
      </p>
    );
  }
  const reason = outcome.kind === 'slip' ? slipReasonKey(outcome.slip.note ?? 'UNKNOWN') : null;
  const text = outcome.kind === 'slip' ? t('slip.failed', { reason: reason ? t(reason) : '' }) : outcome.message;
  return (
    <div className="slip-refused" data-testid="slip-upload-result" data-status={outcome.kind === 'slip' ? outcome.slip.status : 'ERROR'} data-reason={outcome.kind === 'slip' ? (outcome.slip.note ?? undefined) : undefined}>
      <p className="slip-result slip-result--failed">
        <CircleAlert size={18} aria-hidden /> {text}
      </p>
      <p className="slip-refused__next">{t('slip.nextStep')}</p>
      <div className="slip-refused__actions">
        <Button variant="secondary" isBlock onClick={onAnother} data-testid="slip-upload-another">
          <RefreshCw size={18} aria-hidden /> {t('slip.uploadAnother')}
        </Button>
        <Link to="/user/contact" className="btn btn--ghost btn--block" onClick={onContact} data-testid="slip-contact-support">
          <span className="btn__label">
            <MessageCircle size={18} aria-hidden /> {t('slip.contactSupport')}
          </span>
        </Link>
      </div>
    </div>
  );
}
