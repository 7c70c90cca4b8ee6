import { escapeHtml, newestTable } from '../lib/html.ts';
import { majorText } from '../lib/money.ts';
import { definePart } from '../lib/parts.ts';
import { voucherForm } from './truemoney.routes.ts';
import type { TrueMoneyStore } from './truemoney.store.ts';

export function trueMoneyPart(store: TrueMoneyStore) {
  return definePart('truemoney', () => {
    const table = newestTable(store.list(), {
      headers: ['owner', 'amount', 'state', 'link'],
      row: (v) => [
        escapeHtml(v.ownerPhone),
        majorText(v.amountMinor),
        v.isRedeemed ? `redeemed by ${escapeHtml(v.redeemedBy)}` : 'not redeemed',
        `<input readonly size="48" value="${escapeHtml(v.link)}">`,
      ],
    });
    return `<h3>Make a gift link (sandbox only)</h3>${voucherForm}\n${table}`;
  });
}
