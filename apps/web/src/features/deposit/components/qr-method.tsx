import type { QrProvider } from '@mekong/contracts/constants';
import { useState } from 'react';
import { QrPanel } from '@/features/deposit/components/qr-panel';

type QrMethodProps = {
  /** The gateways taking new QRs now. */
  open: readonly QrProvider[];
  /** The gateway of a QR left waiting, if any. */
  initialProvider?: QrProvider;
  currency?: string;
  onDone: () => void;
  /** The success of a paid QR is on screen (the method's header steps aside). */
  onPaidChange: (isPaid: boolean) => void;
};

/**
 * The QR method: one amount form and one "create" (docs/decisions/0022-one-qr-button.md). The server picks the
 * gateway; the QR it made is then shown and watched by that gateway's own calls.
 */
export function QrMethod({ open, initialProvider, currency, onDone, onPaidChange }: QrMethodProps) {
  const [provider, setProvider] = useState<QrProvider>(initialProvider ?? open[0] ?? 'KBANK');
  return (
    <div id="deposit-qr-panel" className="provider-panel">
      <QrPanel key={provider} provider={provider} open={open} currency={currency} onDone={onDone} onPaidChange={onPaidChange} onCreated={setProvider} />
    </div>
  );
}
