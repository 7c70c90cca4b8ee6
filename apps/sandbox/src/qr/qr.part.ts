import type { SandboxPart } from '../lib/parts.ts';
import { decodeForm, paymentsTable } from './qr.controls.ts';
import type { QrStore } from './qr.store.ts';

export function qrPart(store: QrStore): SandboxPart {
  return {
    title: 'QR payment gateways (KBANK, WW, E2P)',
    description:
      'Dynamic Thai QR bill payments (EMVCo, ref1 = the server’s reference). Nobody really pays: press Pay and the ' +
      'gateway sends the server its signed payment notice (HMAC-SHA256).',
    links: [
      { href: '/sandbox/qr', label: 'All QR payments, with Pay buttons' },
      { href: '/sandbox/qr/payments', label: 'QR payments (JSON, newest first)' },
      { href: '/sandbox/qr/faults', label: 'Fault switches' },
    ],
    renderExtra() {
      return `${paymentsTable(store.list().slice(0, 10))}
<h3>Decode a QR payload</h3>${decodeForm}`;
    },
  };
}
