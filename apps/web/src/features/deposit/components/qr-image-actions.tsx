import type { QrProvider } from '@mekong/contracts/constants';
import type { QrState } from '@mekong/contracts/deposit';
import { useQuery } from '@tanstack/react-query';
import { Download, Share2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { drawQrImage, qrImageFileName } from '@/features/deposit/hooks/qr-image';
import { canSharePictures, savePicture } from '@/lib/image-file';
import { formatAmount, formatDateTime } from '@/lib/format';
import { useDateEra } from '@/lib/use-date-era';
import { brandQuery } from '@/lib/lookup-queries';

type QrImageActionsProps = { provider: QrProvider; state: QrState; expiresAt: number; currency?: string };

/**
 * "Save QR image" and, where the browser can hand files to the share sheet, "Share": a player paying from the same
 * phone scans the picture from the gallery in the banking app.
 */
export function QrImageActions({ provider, state, expiresAt, currency }: QrImageActionsProps) {
  const { t } = useTranslation();
  const { data: brand } = useQuery(brandQuery);
  const [isBusy, setBusy] = useState(false);
  const dates = useDateEra();
  const [isShareable] = useState(canSharePictures);
  const amount = state.amount ?? 0;
  const fileName = qrImageFileName(provider, amount, state.reference);

  const makeImage = () =>
    drawQrImage({
      svg: state.qrcode ?? '',
      brand: brand?.name ?? '',
      title: t(`deposit.providers.${provider}`),
      amount: formatAmount(amount, currency),
      reference: state.reference,
      referenceLabel: t('depositFlow.reference'),
      payBefore: t('depositFlow.payBefore', { time: formatDateTime(expiresAt, dates).slice(0, 16) }),
    });

  const run = async (action: (image: Blob) => Promise<void>) => {
    if (isBusy) return;
    setBusy(true);
    try {
      await action(await makeImage());
    } catch (error) {
      // The member closed the share sheet: nothing went wrong.
      if (!(error instanceof DOMException && error.name === 'AbortError')) toast.error(t('depositFlow.imageFailed'));
    } finally {
      setBusy(false);
    }
  };

  const onSave = () =>
    run(async (image) => {
      savePicture(image, fileName);
      toast.success(t('depositFlow.imageSaved'));
    });

  const onShare = () =>
    run(async (image) => {
      await navigator.share({ files: [new File([image], fileName, { type: 'image/png' })], title: t('deposit.qrLabel', { provider: t(`deposit.providers.${provider}`), amount: formatAmount(amount, currency) }) });
    });

  return (
    <div className="qr-image-actions">
      <button type="button" className="qr-image-actions__btn" onClick={() => void onSave()} disabled={isBusy} aria-busy={isBusy || undefined} data-testid="deposit-qr-save">
        <Download size={18} aria-hidden /> {t('depositFlow.saveImage')}
      </button>
      {isShareable && (
        <button type="button" className="qr-image-actions__btn" onClick={() => void onShare()} disabled={isBusy} data-testid="deposit-qr-share">
          <Share2 size={18} aria-hidden /> {t('depositFlow.share')}
        </button>
      )}
    </div>
  );
}
