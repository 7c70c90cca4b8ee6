import { escapeHtml, htmlTable } from '../lib/html.ts';
import { definePart } from '../lib/parts.ts';
import { voucherForm } from './truemoney.routes.ts';
import type { TrueMoneyStore } from './truemoney.store.ts';

export function trueMoneyPart(store: TrueMoneyStore) {
  return definePart('truemoney', () => {
    const rows = store
      .list()
      .slice(0, 10)
      .map((v) => [
        escapeHtml(v.ownerPhone),
        escapeHtml((v.amountMinor / 100).toFixed(2)),
        v.isRedeemed ? `redeemed by ${escapeHtml(v.redeemedBy)}` : 'not redeemed',
        `<input readonly size="48" value="${escapeHtml(v.link)}">`,
      ]);
    return `<h3>Make a gift link (sandbox only)</h3>${voucherForm}
${htmlTable(['owner', 'amount', 'state', 'link'], rows)}`;
  });
}
