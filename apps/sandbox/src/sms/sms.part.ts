import { escapeHtml, newestTable } from '../lib/html.ts';
import { definePart } from '../lib/parts.ts';
import type { SmsStore } from './sms.store.ts';

export function smsPart(store: SmsStore) {
  return definePart('sms', () =>
    newestTable(store.list(), {
      headers: ['sent (UTC)', 'phone', 'code or notice', 'ref'],
      row: (m) => [
        escapeHtml(m.sentAt),
        escapeHtml(m.phone),
        m.code ? `<span class="code">${escapeHtml(m.code)}</span>` : escapeHtml(m.message),
        escapeHtml(m.refno),
      ],
      limit: 20,
      empty: '<p class="muted">No messages yet.</p>',
    }),
  );
}
