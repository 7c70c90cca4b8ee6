import { escapeHtml, htmlTable } from '../lib/html.ts';
import { definePart } from '../lib/parts.ts';
import type { SmsStore } from './sms.store.ts';

export function smsPart(store: SmsStore) {
  return definePart('sms', () =>
    htmlTable(
      ['sent (UTC)', 'phone', 'code or notice', 'ref'],
      store
        .list()
        .slice(0, 20)
        .map((m) => [
          escapeHtml(m.sentAt),
          escapeHtml(m.phone),
          m.code ? `<span class="code">${escapeHtml(m.code)}</span>` : escapeHtml(m.message),
          escapeHtml(m.refno),
        ]),
      '<p class="muted">No messages yet.</p>',
    ),
  );
}
