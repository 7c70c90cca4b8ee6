import { escapeHtml } from '../lib/html.ts';
import type { SandboxPart } from '../lib/parts.ts';
import { transferForm } from './slip.controls.ts';
import type { SlipStore } from './slip.store.ts';

export function slipPart(store: SlipStore): SandboxPart {
  return {
    title: 'Slip verification service',
    description:
      'Answers for transfers it knows, by the sending bank and reference read from a slip’s mini-QR (like the ' +
      'commercial verifiers). Sandbox-only: make a transfer and get its slip image to upload in the wallet.',
    links: [
      { href: '/sandbox/slip/transfers', label: 'Known transfers (JSON, newest first)' },
      { href: '/sandbox/slip/faults', label: 'Fault switches' },
    ],
    renderExtra() {
      const rows = store
        .list()
        .slice(0, 10)
        .map(
          (t) =>
            `<tr><td><code>${escapeHtml(t.transRef)}</code></td><td>${escapeHtml((t.amountMinor / 100).toFixed(2))}</td>` +
            `<td>${escapeHtml(t.sender.bankShortCode)} ${escapeHtml(t.sender.accountNo)}</td>` +
            `<td>${escapeHtml(t.receiver.bankShortCode)} ${escapeHtml(t.receiver.accountNo)}</td>` +
            `<td><a href="/sandbox/slip/transfers/${encodeURIComponent(t.transRef)}/slip.png" download>slip.png</a></td></tr>`,
        )
        .join('');
      return `<h3>Make a transfer and its slip (sandbox only)</h3>${transferForm}
${rows ? `<table><tr><th>reference</th><th>amount</th><th>from</th><th>to</th><th></th></tr>${rows}</table>` : ''}`;
    },
  };
}
