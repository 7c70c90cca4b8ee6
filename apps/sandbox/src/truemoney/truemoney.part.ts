import { escapeHtml } from '../lib/html.ts';
import type { SandboxPart } from '../lib/parts.ts';
import { voucherForm } from './truemoney.routes.ts';
import type { TrueMoneyStore } from './truemoney.store.ts';

export function trueMoneyPart(store: TrueMoneyStore): SandboxPart {
  return {
    title: 'TrueMoney gift vouchers',
    description:
      'Gift links (https://gift.truemoney.com/campaign/?v=…) redeemed once to a mobile number, answering like ' +
      'TrueMoney. Sandbox-only: make a voucher from a member’s phone and paste its link in the wallet.',
    links: [
      { href: '/sandbox/truemoney/vouchers', label: 'Vouchers (JSON, newest first)' },
      { href: '/sandbox/truemoney/faults', label: 'Fault switches' },
    ],
    renderExtra() {
      const rows = store
        .list()
        .slice(0, 10)
        .map(
          (v) =>
            `<tr><td>${escapeHtml(v.ownerPhone)}</td><td>${escapeHtml((v.amountMinor / 100).toFixed(2))}</td>` +
            `<td>${v.isRedeemed ? `redeemed by ${escapeHtml(v.redeemedBy)}` : 'not redeemed'}</td>` +
            `<td><input readonly size="48" value="${escapeHtml(v.link)}"></td></tr>`,
        )
        .join('');
      return `<h3>Make a gift link (sandbox only)</h3>${voucherForm}
${rows ? `<table><tr><th>owner</th><th>amount</th><th>state</th><th>link</th></tr>${rows}</table>` : ''}`;
    },
  };
}
