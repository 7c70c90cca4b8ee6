import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { readPaymentQr } from '@mekong/contracts/thai-qr';
import { SANDBOX_DEFAULT_SECRETS } from '@mekong/contracts/installation-secrets';
import { error, ok, send, type Answer } from '../lib/answer.ts';
import {
  invalidParams,
  listByProviderQuery,
  providerCodeSchema,
  registerProviderFaultControls,
} from '../lib/provider-controls.ts';
import { escapeHtml, isFormPost, sendPage, sendRefusalPage } from '../lib/html.ts';
import { QR_MAX_AMOUNT_MINOR } from './qr.routes.ts';
import {
  QR_GATEWAYS,
  findQrGateway,
  type Delivery,
  type QrPaymentView,
  type QrStore,
} from './qr.store.ts';
import { majorText } from '../lib/money.ts';

const gatewayCode = providerCodeSchema(findQrGateway);
const payBody = z.strictObject({
  provider: gatewayCode,
  reference: z.string().min(1).max(100),
  amountMinor: z.number().int().min(0).max(QR_MAX_AMOUNT_MINOR).optional(),
  times: z.number().int().min(1).max(20).optional(),
  isConcurrent: z.boolean().optional(),
  isSignatureForged: z.boolean().optional(),
  isForced: z.boolean().optional(),
});
const decodeBody = z.strictObject({ payload: z.string().min(1).max(2000) });
const secretBody = z.strictObject({ provider: gatewayCode, secret: z.string().min(1).max(200) });

const QR_FOOTER = '<p><a href="/sandbox/qr">QR payments</a> · <a href="/">Sandbox</a></p>';
const html = (reply: FastifyReply, status: number, title: string, body: string) =>
  sendPage(reply, status, title, body, QR_FOOTER);

/** What a person's app would show for a pasted payload, and the sandbox payments with its reference. */
function decode(store: QrStore, payload: string): Answer {
  const read = readPaymentQr(payload);
  if (!read.ok) return error(400, read.error);
  const { qr } = read;
  const reference = qr.billPayment?.ref1 ?? null;
  return ok({
    data: {
      ...qr,
      kind: qr.billPayment ? 'billPayment' : qr.promptPay ? 'promptPay' : 'lapnet',
      reference,
      amountMinor: qr.amountMinor === null ? null : Number(qr.amountMinor),
      billPayment: qr.billPayment ?? null,
      promptPay: qr.promptPay ?? null,
      payments: reference ? store.findByReference(reference) : [],
    },
  });
}

/** The rows of payments with a Pay button each (used on the index page and /sandbox/qr). */
export function paymentsTable(payments: QrPaymentView[]): string {
  if (payments.length === 0) return '<p class="muted">No QR payments yet.</p>';
  const rows = payments
    .map(
      (p) =>
        `<tr><td>${escapeHtml(p.provider)}</td><td><code>${escapeHtml(p.reference)}</code></td>` +
        `<td>${escapeHtml(majorText(p.amountMinor))}</td><td>${escapeHtml(p.status)}</td>` +
        `<td>${escapeHtml(p.expiresAt)}</td><td>` +
        (p.status === 'pending' || p.status === 'paid'
          ? `<form method="post" action="/sandbox/qr/pay" style="margin:0">` +
            `<input type="hidden" name="provider" value="${escapeHtml(p.provider)}">` +
            `<input type="hidden" name="reference" value="${escapeHtml(p.reference)}">` +
            `<button type="submit">${p.status === 'paid' ? 'Send notice again' : 'Pay'}</button></form>`
          : '') +
        `</td></tr>`,
    )
    .join('');
  return `<table><tr><th>gateway</th><th>reference</th><th>amount</th><th>status</th><th>expires (UTC)</th><th></th></tr>${rows}</table>`;
}

export const decodeForm = `<form method="post" action="/sandbox/qr/decode">
<label>QR payload<br><textarea name="payload" rows="3" cols="70" required></textarea></label><br>
<button type="submit">Decode</button>
</form>`;

const deliveriesText = (deliveries: Delivery[]) =>
  deliveries
    .map(
      (d) =>
        `<li>#${d.attempt}: ${d.httpStatus === null ? `not delivered (${escapeHtml(d.error ?? '')})` : `HTTP ${d.httpStatus}`}</li>`,
    )
    .join('');

/** Sandbox-only controls of the QR gateways: pay a QR (the webhook follows), decode a payload, secrets, faults. */
export function qrControls(store: QrStore) {
  return async (app: FastifyInstance) => {
    app.get('/sandbox/qr', async (_request, reply) =>
      html(
        reply,
        200,
        'QR payments',
        `<h1>QR payments <span class="muted">sandbox</span></h1>
<section><h2>Payments</h2>${paymentsTable(store.list())}</section>
<section><h2>Decode a QR payload</h2>${decodeForm}</section>`,
      ),
    );

    app.get('/sandbox/qr/payments', async (request, reply) =>
      listByProviderQuery(request, reply, findQrGateway, store.list),
    );

    app.post('/sandbox/qr/pay', async (request, reply) => {
      const form = isFormPost(request);
      const input = form
        ? {
            provider: String((request.body as Record<string, string>).provider ?? ''),
            reference: String((request.body as Record<string, string>).reference ?? ''),
          }
        : request.body;
      const parsed = payBody.safeParse(input);
      if (!parsed.success) {
        if (!form) return send(reply, invalidParams(parsed.error.issues));
        return html(
          reply,
          400,
          'Not paid',
          '<h1>Not paid</h1><p>Unknown gateway or reference.</p>',
        );
      }
      const answer = await store.pay(parsed.data);
      if (!form) return send(reply, answer);
      if (answer.httpStatus !== 200) return sendRefusalPage(reply, answer, 'Not paid', QR_FOOTER);
      const { payment, deliveries } = answer.body.data as {
        payment: { amountMinor: number; reference: string; provider: string };
        deliveries: Delivery[];
      };
      return html(
        reply,
        200,
        'Paid',
        `<h1>Paid</h1><p>${escapeHtml(payment.provider)} QR <code>${escapeHtml(payment.reference)}</code>,
${escapeHtml(majorText(payment.amountMinor))}. Payment notice sent to the server:</p><ul>${deliveriesText(deliveries)}</ul>`,
      );
    });

    app.post('/sandbox/qr/decode', async (request, reply) => {
      const form = isFormPost(request);
      const parsed = decodeBody.safeParse(request.body);
      if (!parsed.success) {
        if (!form) return send(reply, error(400, 'INVALID_PARAMS', { field: 'payload' }));
        return html(reply, 400, 'Not decoded', '<h1>Not decoded</h1><p>Paste a payload.</p>');
      }
      const answer = decode(store, parsed.data.payload.replace(/\s+/g, ''));
      if (!form) return send(reply, answer);
      if (answer.httpStatus !== 200)
        return sendRefusalPage(reply, answer, 'Not a payment QR', QR_FOOTER);
      const data = answer.body.data as {
        kind: string;
        reference: string | null;
        amountMinor: number | null;
        tags: Record<string, string>;
        payments: QrPaymentView[];
      };
      const tagRows = Object.entries(data.tags)
        .map(
          ([tag, value]) =>
            `<tr><td>${escapeHtml(tag)}</td><td><code>${escapeHtml(value)}</code></td></tr>`,
        )
        .join('');
      return html(
        reply,
        200,
        'Decoded QR',
        `<h1>Decoded QR</h1>
<p>Kind <b>${escapeHtml(data.kind)}</b> · reference <code>${escapeHtml(data.reference ?? '-')}</code> ·
amount <b>${escapeHtml(data.amountMinor === null ? '-' : majorText(data.amountMinor))}</b></p>
${paymentsTable(data.payments)}
<table><tr><th>tag</th><th>value</th></tr>${tagRows}</table>`,
      );
    });

    // Says only whether each secret is still the published default: the controls have no key, so they never show a
    // secret that could sign a webhook the server accepts.
    const secretsView = () =>
      Object.fromEntries(
        QR_GATEWAYS.map((g) => [
          g.code,
          {
            isPublishedDefault:
              store.secretOf(g.code) === SANDBOX_DEFAULT_SECRETS[`QR_WEBHOOK_SECRET_${g.code}`],
          },
        ]),
      );
    app.get('/sandbox/qr/secrets', async () => secretsView());
    app.post('/sandbox/qr/secrets', async (request, reply) => {
      const parsed = secretBody.safeParse(request.body);
      if (!parsed.success) return send(reply, invalidParams(parsed.error.issues));
      store.setSecret(parsed.data.provider, parsed.data.secret);
      return secretsView();
    });

    registerProviderFaultControls(app, '/sandbox/qr', {
      codes: QR_GATEWAYS.map((g) => g.code),
      find: findQrGateway,
      faultsOf: store.faultsOf,
      setFaults: store.setFaults,
    });
  };
}
