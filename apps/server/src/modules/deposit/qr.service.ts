import { randomInt, randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import { QR_PROVIDERS, type QrProvider } from '@mekong/contracts/constants';
import {
  isQrAmountAccepted,
  qrGatewaysFor,
  type ChosenQrState,
  type QrPayment as QrPaymentState,
  type QrState,
} from '@mekong/contracts/deposit';
import { toMajor } from '@mekong/contracts/money';
import type { QrGateway } from '@/adapters/qr/qr-gateway.ts';
import type { AppDeps } from '@/app-deps.ts';
import { isUniqueViolation } from '@/db/pg-errors.ts';
import { AppError } from '@/lib/app-error.ts';
import {
  creditDeposit,
  creditedTransferId,
  findDepositMember,
} from '@/modules/deposit/deposit-member.ts';
import { publicUrl, qrExpirySeconds, qrWebhookSecret } from '@/modules/deposit/money-in-config.ts';
import { isSignatureValid, parseQrNotice } from '@/modules/deposit/qr-webhook.ts';
import { findSettingCached } from '@/modules/settings/settings.repository.ts';
import {
  closeActiveQr,
  findActiveQr,
  findQrByReference,
  findRecentSettledQr,
  insertQr,
  recordNotice,
  type QrPayment,
  type SettledQr,
} from '@/modules/deposit/qr.repository.ts';

/** Why a paid notice was kept for an operator instead of credited. */
export const QR_HOLD = {
  awaitingNotice: 'AWAITING_NOTICE',
  amountMismatch: 'AMOUNT_MISMATCH',
  late: 'PAID_AFTER_EXPIRY',
  cancelled: 'PAID_AFTER_CANCEL',
  /** Paid while the operator had terminated the service: recorded, credited by nobody but an operator. */
  terminated: 'SERVICE_TERMINATED',
} as const;

const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** `Q` + 15 random characters (75 bits): a Thai bill-payment ref1 ([A-Z0-9]{1,20}) nobody can guess. */
export function newQrReference(): string {
  let ref = 'Q';
  for (let i = 0; i < 15; i += 1) ref += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return ref;
}

/** The gateways taking new QRs: every one but those the operator put in maintenance. */
export async function openQrGateways(db: AppDeps['db']['kysely']): Promise<QrProvider[]> {
  const maintenance = (await findSettingCached(db, 'qrGateways'))?.maintenance ?? [];
  return QR_PROVIDERS.filter((provider) => !maintenance.includes(provider));
}

const EMPTY: QrState = {
  qrcodeId: null,
  hasQrcode: false,
  qrcode: null,
  amount: null,
  expireIn: null,
  message: null,
  reference: null,
  payment: null,
};

/**
 * How long after its paid notice a QR is still reported by GET: long enough for a deposit modal left open (or a
 * phone put down and picked up again) to confirm the payment, short enough that an old payment is not news.
 */
export const QR_PAYMENT_SHOWN_MS = 30 * 60_000;

function paymentOf(qr: SettledQr): QrPaymentState {
  return {
    qrcodeId: qr.id,
    status: qr.status === 'paid' ? 'SUCCESS' : 'PENDING',
    amount: toMajor(qr.paidAmountMinor),
    paidAt: qr.paidAt.toISOString(),
  };
}

/** The QR as SVG markup, from exactly the payload. */
export function renderQrSvg(payload: string): Promise<string> {
  return QRCode.toString(payload, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
}

export type QrWebhookResult = {
  result: 'credited' | 'duplicate' | 'held';
  holdReason?: string;
};

/** Deposit QRs (docs/design.md#deposits): create, show, cancel, and the gateways' paid notices. */
export function createQrService(
  { db, clock, config, log }: Pick<AppDeps, 'db' | 'clock' | 'config' | 'log'>,
  gateway: QrGateway,
) {
  async function stateOf(qr: QrPayment | undefined): Promise<QrState> {
    const now = clock.now();
    if (!qr || qr.expiresAt <= now) return EMPTY;
    return {
      qrcodeId: qr.id,
      hasQrcode: true,
      qrcode: await renderQrSvg(qr.payload),
      amount: toMajor(qr.amountMinor),
      expireIn: Math.max(0, Math.ceil((qr.expiresAt.getTime() - now.getTime()) / 1000)),
      message: null,
      reference: qr.reference,
      payment: null,
    };
  }

  /**
   * Takes an active QR off the screen. The gateway is asked first: only a QR the gateway will no longer take money
   * for is cancelled; one it says was paid waits for its notice (which credits it); no answer → QR_FAIL, unchanged.
   */
  async function close(qr: QrPayment): Promise<void> {
    const outcome = await gateway.cancel(qr.provider, qr.reference);
    if (outcome === 'unknown') throw new AppError('QR_FAIL');
    await closeActiveQr(
      db.kysely,
      qr.id,
      outcome === 'paid'
        ? { status: 'held', holdReason: QR_HOLD.awaitingNotice }
        : { status: 'cancelled' },
      clock.now(),
    );
  }

  /**
   * Makes a QR at this gateway after closing the member's waiting one there; undefined when the gateway refused or
   * did not answer (nothing to pay, so nothing can be lost).
   */
  async function make(
    memberId: string,
    provider: QrProvider,
    amountMinor: bigint,
    currency: QrPayment['currency'],
  ): Promise<QrState | undefined> {
    const previous = await findActiveQr(db.kysely, memberId, provider);
    if (previous) await close(previous);

    const reference = newQrReference();
    const expiresAt = new Date(clock.now().getTime() + qrExpirySeconds(config, provider) * 1000);
    const created = await gateway.create({
      provider,
      reference,
      amountMinor,
      expiresAt,
      callbackUrl: `${publicUrl(config)}/api/hooks/qr/${provider}`,
    });
    if (created.kind === 'failed') {
      log.warn({ provider, detail: created.detail }, 'QR gateway refused a payment');
      return undefined;
    }
    const qr = {
      id: randomUUID(),
      memberId,
      provider,
      reference,
      amountMinor,
      currency,
      payload: created.payload,
      expiresAt: created.expiresAt,
    };
    try {
      await insertQr(db.kysely, qr, clock.now());
    } catch (error) {
      // Another request of this member made one at the same moment: that one stands; this one is never shown.
      if (!isUniqueViolation(error)) throw error;
      await gateway.cancel(provider, reference);
      throw new AppError('QR_FAIL');
    }
    return stateOf({ ...qr, status: 'active', holdReason: null, transferId: null });
  }

  return {
    /** The active QR; with none, the one paid in the last QR_PAYMENT_SHOWN_MS (credited or held), if any. */
    async get(memberId: string, provider: QrProvider): Promise<QrState> {
      const active = await findActiveQr(db.kysely, memberId, provider);
      const now = clock.now();
      if (active && active.expiresAt > now) return stateOf(active);
      const since = new Date(now.getTime() - QR_PAYMENT_SHOWN_MS);
      const settled = await findRecentSettledQr(db.kysely, memberId, provider, since);
      return settled ? { ...EMPTY, payment: paymentOf(settled) } : EMPTY;
    },

    /** A QR at this gateway (the spec's per-gateway call): its rules and its maintenance apply. */
    async create(memberId: string, provider: QrProvider, amountMinor: bigint): Promise<QrState> {
      if (!isQrAmountAccepted(provider, amountMinor)) throw new AppError('QR_AMOUNT_MINIMUM');
      if (!(await openQrGateways(db.kysely)).includes(provider)) throw new AppError('QR_FAIL');
      const member = await findDepositMember(db.kysely, memberId);
      // Thai QR Payment is in baht only.
      if (member.currency !== 'THB') throw new AppError('QR_FAIL');
      const made = await make(memberId, provider, amountMinor, member.currency);
      if (!made) throw new AppError('QR_FAIL');
      return made;
    },

    /**
     * One QR button (docs/decisions/0022-one-qr-button.md): the gateways that take this amount and are open, tried in
     * order until one makes the QR; the member's other waiting QRs are closed first, so one QR waits at a time.
     */
    async createChosen(memberId: string, amountMinor: bigint): Promise<ChosenQrState> {
      const open = await openQrGateways(db.kysely);
      const candidates = qrGatewaysFor(amountMinor, open);
      // Every gateway in maintenance: no QR today; else the amount is below what the open ones take.
      if (candidates.length === 0)
        throw new AppError(open.length === 0 ? 'QR_FAIL' : 'QR_AMOUNT_MINIMUM');
      const member = await findDepositMember(db.kysely, memberId);
      if (member.currency !== 'THB') throw new AppError('QR_FAIL');
      for (const provider of QR_PROVIDERS) {
        const previous = await findActiveQr(db.kysely, memberId, provider);
        if (previous) await close(previous);
      }
      for (const provider of candidates) {
        const made = await make(memberId, provider, amountMinor, member.currency);
        if (made) return { ...made, provider };
      }
      throw new AppError('QR_FAIL');
    },

    /** Cancels the member's QR with that id; a QR already gone answers the empty state. */
    async cancel(memberId: string, provider: QrProvider, qrcodeId: string): Promise<QrState> {
      const active = await findActiveQr(db.kysely, memberId, provider);
      if (active && active.id === qrcodeId) await close(active);
      return stateOf(await findActiveQr(db.kysely, memberId, provider));
    },

    /**
     * A gateway's paid notice. The signature is checked over the raw body first (forged: UNAUTHORIZED, nothing read).
     * The QR's row is locked; it is credited once (the row moves to paid, and the ledger's external reference
     * `qr:<provider>:<reference>` is unique), so any number of deliveries, in any order or at once, credit once.
     * A notice that can't be credited (other amount, paid after expiry or after a confirmed cancel) is kept on the
     * row, held for an operator.
     */
    async onPaidNotice(
      provider: QrProvider,
      rawBody: Buffer,
      signature: unknown,
    ): Promise<QrWebhookResult> {
      if (!isSignatureValid(rawBody, signature, qrWebhookSecret(config, provider)))
        throw new AppError('UNAUTHORIZED');
      const notice = parseQrNotice(rawBody);
      if (!notice || notice.provider !== provider) throw new AppError('INVALID_REQUEST');
      const paidAmountMinor = BigInt(notice.amountMinor);
      const paidAt = new Date(notice.paidAt);
      const isTerminated = (await findSettingCached(db.kysely, 'service'))?.terminated === true;

      const outcome = await db.withTransaction(async (trx): Promise<QrWebhookResult> => {
        const qr = await findQrByReference(trx, provider, notice.reference, { isLocked: true });
        if (!qr) throw new AppError('NOT_FOUND');
        // Credited, or refused by an operator (the money is returned outside): a notice changes neither.
        if (qr.status === 'paid' || qr.status === 'refused') return { result: 'duplicate' };
        const isCreditable =
          qr.status === 'active' ||
          (qr.status === 'held' && qr.holdReason === QR_HOLD.awaitingNotice);
        // A notice already held (or for a QR cancelled before payment) changes nothing more.
        if (qr.status === 'held' && !isCreditable) return { result: 'duplicate' };
        const now = clock.now();
        const holdReason = !isCreditable
          ? QR_HOLD.cancelled
          : paidAmountMinor !== qr.amountMinor
            ? QR_HOLD.amountMismatch
            : paidAt > qr.expiresAt
              ? QR_HOLD.late
              : isTerminated
                ? QR_HOLD.terminated
                : null;
        if (holdReason) {
          await recordNotice(
            trx,
            qr.id,
            {
              status: 'held',
              holdReason,
              paidAmountMinor,
              paidAt,
              transactionId: notice.transactionId,
              transferId: null,
            },
            now,
          );
          return { result: 'held', holdReason };
        }
        const transferId = creditedTransferId(
          await creditDeposit(trx, {
            memberId: qr.memberId,
            currency: qr.currency,
            amountMinor: qr.amountMinor,
            externalRef: `qr:${provider}:${qr.reference}`,
            metadata: {
              channel: 'qr',
              provider,
              reference: qr.reference,
              transactionId: notice.transactionId,
            },
            now,
          }),
        );
        await recordNotice(
          trx,
          qr.id,
          {
            status: 'paid',
            holdReason: null,
            paidAmountMinor,
            paidAt,
            transactionId: notice.transactionId,
            transferId,
          },
          now,
        );
        return { result: 'credited' };
      });
      if (outcome.result === 'held')
        log.warn(
          { provider, reference: notice.reference, ...outcome },
          'QR notice held for an operator',
        );
      return outcome;
    },
  };
}

export type QrService = ReturnType<typeof createQrService>;
