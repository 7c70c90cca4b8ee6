import { escapeHtml, newestTable } from '../lib/html.ts';
import { majorText } from '../lib/money.ts';
import { definePart } from '../lib/parts.ts';
import { transferForm } from './slip.controls.ts';
import type { SlipStore } from './slip.store.ts';

export function slipPart(store: SlipStore) {
  return definePart('slip', () => {
    const table = newestTable(store.list(), {
      headers: ['reference', 'amount', 'from', 'to', ''],
      row: (t) => [
        `<code>${escapeHtml(t.transRef)}</code>`,
        majorText(t.amountMinor),
        `${escapeHtml(t.sender.bankShortCode)} ${escapeHtml(t.sender.accountNo)}`,
        `${escapeHtml(t.receiver.bankShortCode)} ${escapeHtml(t.receiver.accountNo)}`,
        `<a href="/sandbox/slip/transfers/${encodeURIComponent(t.transRef)}/slip.png" download>slip.png</a>`,
      ],
    });
    return `<h3>Make a transfer and its slip (sandbox only)</h3>${transferForm}\n${table}`;
  });
}
