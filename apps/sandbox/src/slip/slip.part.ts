import { escapeHtml, htmlTable } from '../lib/html.ts';
import { definePart } from '../lib/parts.ts';
import { transferForm } from './slip.controls.ts';
import type { SlipStore } from './slip.store.ts';

export function slipPart(store: SlipStore) {
  return definePart('slip', () => {
    const rows = store
      .list()
      .slice(0, 10)
      .map((t) => [
        `<code>${escapeHtml(t.transRef)}</code>`,
        escapeHtml((t.amountMinor / 100).toFixed(2)),
        `${escapeHtml(t.sender.bankShortCode)} ${escapeHtml(t.sender.accountNo)}`,
        `${escapeHtml(t.receiver.bankShortCode)} ${escapeHtml(t.receiver.accountNo)}`,
        `<a href="/sandbox/slip/transfers/${encodeURIComponent(t.transRef)}/slip.png" download>slip.png</a>`,
      ]);
    return `<h3>Make a transfer and its slip (sandbox only)</h3>${transferForm}
${htmlTable(['reference', 'amount', 'from', 'to', ''], rows)}`;
  });
}
