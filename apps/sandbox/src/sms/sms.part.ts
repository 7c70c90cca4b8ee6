import { escapeHtml } from '../lib/html.ts';
import type { SandboxPart } from '../lib/parts.ts';
import type { SmsStore } from './sms.store.ts';

export function smsPart(store: SmsStore): SandboxPart {
  return {
    title: 'SMS one-time-code gateway',
    description:
      'ThaiBulkSMS-style request/verify of 6-digit codes and plain notices. Nothing is really sent: every message lands ' +
      'in the outbox, where you read the code to finish a registration (a notice shows its text instead).',
    links: [
      { href: '/sms/outbox', label: 'Outbox (JSON, newest first; add ?phone=0812345678)' },
      { href: '/sandbox/sms/mode', label: 'Current gateway mode' },
    ],
    renderExtra() {
      const rows = store
        .list()
        .slice(0, 20)
        .map(
          (m) =>
            `<tr><td>${escapeHtml(m.sentAt)}</td><td>${escapeHtml(m.phone)}</td>` +
            (m.code
              ? `<td class="code">${escapeHtml(m.code)}</td>`
              : `<td>${escapeHtml(m.message)}</td>`) +
            `<td>${escapeHtml(m.refno)}</td></tr>`,
        )
        .join('');
      return rows
        ? `<table><tr><th>sent (UTC)</th><th>phone</th><th>code or notice</th><th>ref</th></tr>${rows}</table>`
        : '<p class="muted">No messages yet.</p>';
    },
  };
}
