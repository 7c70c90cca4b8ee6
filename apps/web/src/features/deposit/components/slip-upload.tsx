import { SLIP_MAX_BYTES, type Slip } from '@mekong/contracts/deposit';
import { useQuery } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, Hourglass, Upload } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoneyMutation } from '@/components/use-money-mutation';
import { uploadSlip } from '@/features/deposit/api/deposit-api';
import { slipReasonKey } from '@/lib/slip-format';
import { ApiError } from '@/lib/api-client';
import { formatAmount } from '@/lib/format';
import { slipWindowQuery } from '@/lib/lookup-queries';

const ACCEPTED_TYPES = ['image/jpeg', 'image/png'];

type Outcome = { kind: 'slip'; slip: Slip } | { kind: 'error'; message: string };

/** Slip upload (docs/spec.md §7): jpeg or png, multipart, 300 s; the answer is the slip row with its status and reason. */
export function SlipUpload({ currency }: { currency?: string }) {
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
    onSuccess: ({ slip }) => setOutcome({ kind: 'slip', slip }),
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
      <div aria-live="polite">{outcome && <SlipOutcome outcome={outcome} currency={currency} />}</div>
    </div>
  );
}

function SlipOutcome({ outcome, currency }: { outcome: Outcome; currency?: string }) {
  const { t } = useTranslation();
  if (outcome.kind === 'error') {
    return (
      <p className="slip-result slip-result--failed" data-testid="slip-upload-result" data-status="ERROR">
        <CircleAlert size={18} aria-hidden /> {outcome.message}
      </p>
    );
  }
  const { slip } = outcome;
  if (slip.status === 'SUCCESS') {
    return (
      <p className="slip-result slip-result--success" data-testid="slip-upload-result" data-status={slip.status}>
        <CircleCheck size={18} aria-hidden /> {t('slip.success', { amount: formatAmount(slip.amount, currency) })}
      </p>
    );
  }
  if (slip.status === 'FAILED') {
    const reason = slipReasonKey(slip.note ?? 'UNKNOWN');
    return (
      <p className="slip-result slip-result--failed" data-testid="slip-upload-result" data-status={slip.status} data-reason={slip.note ?? undefined}>
        <CircleAlert size={18} aria-hidden /> {t('slip.failed', { reason: reason ? t(reason) : '' })}
      </p>
    );
  }
  return (
    <p className="slip-result slip-result--progress" data-testid="slip-upload-result" data-status={slip.status}>
      <Hourglass size={18} aria-hidden /> {t('slip.inProgress')}
    </p>
  );
}
