import { createHmac } from 'node:crypto';
import { buildThaiQrPayload } from '@mekong/contracts/thai-qr';
import { error, ok, type Answer } from '../lib/answer.ts';
import type { SandboxContext } from '../lib/context.ts';
import { noFaults, type Faults } from '../lib/faults.ts';

export const QR_GATEWAYS = [
  { code: 'KBANK', name: 'KBank Thai QR', billerId: '099400016500001' },
  { code: 'WW', name: 'WW payments', billerId: '099400016500002' },
  { code: 'E2P', name: 'E2P payments', billerId: '099400016500003' },
] as const;
export type QrGatewayCode = (typeof QR_GATEWAYS)[number]['code'];
export const QR_STATUSES = ['pending', 'paid', 'expired', 'cancelled'] as const;
export type QrStatus = (typeof QR_STATUSES)[number];
const WEBHOOK_TIMEOUT_MS = 10_000;

export function findQrGateway(code: string) {
  return QR_GATEWAYS.find((g) => g.code === code.toUpperCase());
}

/** The webhook's `X-Signature`: hex HMAC-SHA256 of the raw body with the provider's webhook secret. */
export function signWebhook(rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

export type QrPaymentInput = {
  reference: string;
  amountMinor: number;
  expiresAt: string;
  callbackUrl: string;
};

type QrPaymentRecord = QrPaymentInput & {
  provider: QrGatewayCode;
  paymentId: string;
  payload: string;
  createdAt: string;
  /** Set when cancelled or paid; pending payments past expiresAt read as expired. */
  settledStatus: 'paid' | 'cancelled' | null;
  paidAt: string | null;
  paidAmountMinor: number | null;
  transactionId: string | null;
  deliveries: number;
};

export type QrPaymentView = QrPaymentInput & {
  provider: QrGatewayCode;
  paymentId: string;
  payload: string;
  status: QrStatus;
  createdAt: string;
  paidAt: string | null;
  paidAmountMinor: number | null;
  transactionId: string | null;
  deliveries: number;
};

export type WebhookNotice = {
  provider: QrGatewayCode;
  reference: string;
  amountMinor: number;
  paidAt: string;
  transactionId: string;
};

export type PayOptions = {
  provider: QrGatewayCode;
  reference: string;
  /** The amount to report (default: the QR's amount); another one tests the server's amount check. */
  amountMinor?: number;
  /** How many times to deliver the same notice (default 1). */
  times?: number;
  /** Deliver the copies at once instead of one after another. */
  isConcurrent?: boolean;
  /** Sign with a wrong secret. */
  isSignatureForged?: boolean;
  /** Deliver even for an expired or cancelled QR (which stays so): a late or rogue notice. */
  isForced?: boolean;
};

export type Delivery = {
  attempt: number;
  httpStatus: number | null;
  body?: string;
  error?: string;
};

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** The three QR gateways (KBANK, WW, E2P): dynamic Thai QR bill payments, paid by a sandbox control. */
export function createQrStore(
  ctx: SandboxContext,
  opts: {
    fetch?: typeof fetch;
  } = {},
) {
  const payments = new Map<string, QrPaymentRecord>();
  const faults = new Map<QrGatewayCode, Faults>();
  const secrets = new Map<QrGatewayCode, string>(
    QR_GATEWAYS.map((g) => [g.code, ctx.secrets[`QR_WEBHOOK_SECRET_${g.code}`]]),
  );
  const doFetch = opts.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  let sequence = 0;
  const key = (provider: QrGatewayCode, reference: string) => `${provider}:${reference}`;
  const nowIso = () => new Date(ctx.now()).toISOString();
  const randomCode = (length: number) =>
    Array.from(
      { length },
      () => ALPHANUMERIC[Math.floor(ctx.random() * ALPHANUMERIC.length)] ?? 'X',
    ).join('');

  const view = (p: QrPaymentRecord): QrPaymentView => {
    const { settledStatus, ...rest } = p;
    const status: QrStatus =
      settledStatus ?? (ctx.now() >= Date.parse(p.expiresAt) ? 'expired' : 'pending');
    return { ...rest, status };
  };
  const publicView = (p: QrPaymentRecord) => {
    const {
      callbackUrl: _callbackUrl,
      payload: _payload,
      deliveries: _deliveries,
      ...rest
    } = view(p);
    return rest;
  };

  const store = {
    faultsOf: (provider: QrGatewayCode) => faults.get(provider) ?? noFaults(),
    setFaults(provider: QrGatewayCode, next: Faults) {
      faults.set(provider, next);
    },
    secretOf: (provider: QrGatewayCode) =>
      secrets.get(provider) ?? ctx.secrets[`QR_WEBHOOK_SECRET_${provider}`],
    setSecret(provider: QrGatewayCode, secret: string) {
      secrets.set(provider, secret);
    },

    create(provider: QrGatewayCode, input: QrPaymentInput): Answer {
      const existing = payments.get(key(provider, input.reference));
      if (existing) {
        const isSame =
          existing.amountMinor === input.amountMinor &&
          Date.parse(existing.expiresAt) === Date.parse(input.expiresAt) &&
          existing.callbackUrl === input.callbackUrl;
        return isSame
          ? ok({ data: createdData(existing) })
          : error(409, 'REFERENCE_CONFLICT', { reference: input.reference });
      }
      if (Date.parse(input.expiresAt) <= ctx.now())
        return error(400, 'INVALID_PARAMS', { field: 'expiresAt' });
      const gateway = findQrGateway(provider)!;
      sequence += 1;
      const payment: QrPaymentRecord = {
        ...input,
        expiresAt: new Date(Date.parse(input.expiresAt)).toISOString(),
        provider,
        paymentId: `${provider}-${String(sequence).padStart(6, '0')}-${randomCode(6)}`,
        payload: buildThaiQrPayload({
          billPayment: { billerId: gateway.billerId, ref1: input.reference },
          amount: BigInt(input.amountMinor),
        }),
        createdAt: nowIso(),
        settledStatus: null,
        paidAt: null,
        paidAmountMinor: null,
        transactionId: null,
        deliveries: 0,
      };
      payments.set(key(provider, input.reference), payment);
      return ok({ data: createdData(payment) });
    },

    status(provider: QrGatewayCode, reference: string): Answer {
      const payment = payments.get(key(provider, reference));
      return payment ? ok({ data: publicView(payment) }) : error(404, 'PAYMENT_NOT_FOUND');
    },

    cancel(provider: QrGatewayCode, reference: string): Answer {
      const payment = payments.get(key(provider, reference));
      if (!payment) return error(404, 'PAYMENT_NOT_FOUND');
      const status = view(payment).status;
      if (status === 'paid') return error(409, 'ALREADY_PAID', { data: publicView(payment) });
      if (status === 'pending') payment.settledStatus = 'cancelled';
      return ok({ data: publicView(payment) });
    },

    get: (provider: QrGatewayCode, reference: string) => {
      const payment = payments.get(key(provider, reference));
      return payment ? view(payment) : undefined;
    },
    findByReference: (reference: string) =>
      [...payments.values()].filter((p) => p.reference === reference).map(view),
    list: (provider?: QrGatewayCode) =>
      [...payments.values()]
        .filter((p) => !provider || p.provider === provider)
        .reverse()
        .map(view),

    /**
     * Marks the QR paid (if pending) and delivers the signed notice to its callbackUrl. A paid QR can be paid
     * again: the same notice (same transactionId) is delivered again, as gateways retry.
     */
    async pay(options: PayOptions): Promise<Answer> {
      const payment = payments.get(key(options.provider, options.reference));
      if (!payment) return error(404, 'PAYMENT_NOT_FOUND');
      const status = view(payment).status;
      if ((status === 'expired' || status === 'cancelled') && !options.isForced)
        return error(409, status === 'expired' ? 'PAYMENT_EXPIRED' : 'PAYMENT_CANCELLED');
      if (status === 'pending') {
        payment.settledStatus = 'paid';
        payment.paidAt = nowIso();
        payment.paidAmountMinor = options.amountMinor ?? payment.amountMinor;
        payment.transactionId = `${payment.provider}TX${randomCode(12)}`;
      }
      const notice: WebhookNotice = {
        provider: payment.provider,
        reference: payment.reference,
        amountMinor: options.amountMinor ?? payment.paidAmountMinor ?? payment.amountMinor,
        paidAt: payment.paidAt ?? nowIso(),
        transactionId: payment.transactionId ?? `${payment.provider}TX${randomCode(12)}`,
      };
      const rawBody = JSON.stringify(notice);
      const secret = store.secretOf(payment.provider);
      const signature = signWebhook(
        rawBody,
        options.isSignatureForged ? `forged-${secret}` : secret,
      );
      const deliver = async (attempt: number): Promise<Delivery> => {
        payment.deliveries += 1;
        try {
          const res = await doFetch(payment.callbackUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-signature': signature },
            body: rawBody,
            signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
          });
          const text = await res.text();
          return { attempt, httpStatus: res.status, body: text.slice(0, 500) };
        } catch (e) {
          // fetch hides the reason (refused, DNS, time-out) in `cause`.
          const cause = (e as { cause?: { code?: string; message?: string } }).cause;
          const reason = [
            e instanceof Error ? e.message : String(e),
            cause?.code ?? cause?.message,
          ];
          return { attempt, httpStatus: null, error: reason.filter(Boolean).join(': ') };
        }
      };
      const times = options.times ?? 1;
      const attempts = Array.from({ length: times }, (_, i) => i + 1);
      const deliveries: Delivery[] = [];
      if (options.isConcurrent) deliveries.push(...(await Promise.all(attempts.map(deliver))));
      else for (const attempt of attempts) deliveries.push(await deliver(attempt));
      return ok({ data: { payment: publicView(payment), notice, signature, deliveries } });
    },
  };

  function createdData(p: QrPaymentRecord) {
    return {
      paymentId: p.paymentId,
      reference: p.reference,
      amountMinor: p.amountMinor,
      payload: p.payload,
      expiresAt: p.expiresAt,
    };
  }

  return store;
}

export type QrStore = ReturnType<typeof createQrStore>;
