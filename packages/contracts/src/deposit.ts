import { z } from 'zod';
import { QR_PROVIDERS, QR_RULES, type QrProvider } from './constants.ts';
import { memberCall } from './contract.ts';
import { textSchema } from './fields.ts';
import { depositBankSchema, depositWalletSchema } from './lookup.ts';
import { amountSchema, MAX_AMOUNT, MONEY_STATUSES, toMinor } from './money.ts';
import { pagedListCall } from './statement.ts';
import { PAGE_SIZE } from './constants.ts';

/** The development default of the gift-link shared secret; production sets TRUELINK_SECRET / VITE_TRUELINK_SECRET. */
export const TRUELINK_DEV_SECRET = 'mekong-truelink-dev-secret';

export const qrProviderParamsSchema = z.strictObject({
  providerCode: z.enum(QR_PROVIDERS, { error: 'QR_FAIL' }),
});

/**
 * A QR that left the screen because it was paid (docs/design.md#deposits): `SUCCESS` credited to the wallet,
 * `PENDING` received but kept for an operator (paid late or another amount). `amount` is what was paid.
 */
export const qrPaymentSchema = z.object({
  qrcodeId: z.string(),
  status: z.enum(['SUCCESS', 'PENDING']),
  amount: z.number(),
  paidAt: z.string(),
});
export type QrPayment = z.infer<typeof qrPaymentSchema>;

/**
 * Spec §3 QR state. `expireIn` is whole seconds left; `qrcode` is SVG markup. Beyond the spec: `reference` is the
 * payment reference the bank app shows, and `payment` the QR paid in the last minutes (while none is active), so an
 * open deposit modal can confirm the payment by itself.
 */
export const qrStateSchema = z.object({
  qrcodeId: z.string().nullable(),
  hasQrcode: z.boolean(),
  qrcode: z.string().nullable(),
  amount: z.number().nullable(),
  expireIn: z.number().int().nullable(),
  message: z.string().nullable(),
  reference: z.string().nullable().default(null),
  payment: qrPaymentSchema.nullable().default(null),
});
export type QrState = z.infer<typeof qrStateSchema>;

/** The QR calls all name the gateway and answer with its QR state. */
const qrParts = { params: qrProviderParamsSchema, response: qrStateSchema };

export const qrGet = memberCall('GET', '/api/qrcode/:providerCode', qrParts);

export const qrCreate = memberCall('POST', '/api/qrcode/:providerCode', {
  ...qrParts,
  body: z.strictObject({ amount: amountSchema('QR_AMOUNT_MINIMUM') }),
});

export const qrCancel = memberCall('DELETE', '/api/qrcode/:providerCode', {
  ...qrParts,
  body: z.strictObject({
    qrcodeId: textSchema('QR_FAIL').min(1, { error: 'QR_FAIL' }).max(64, { error: 'QR_FAIL' }),
  }),
});

/** The most any gateway takes in one QR, in minor units: what one call may carry. */
const QR_MAXIMUM_MINOR = toMinor(MAX_AMOUNT);

/**
 * Whether this gateway takes this amount (docs/spec.md §5: KBANK above 0, WW at least 100, E2P at least 50; at most
 * MAX_AMOUNT), in minor units.
 */
export function isQrAmountAccepted(provider: QrProvider, amountMinor: bigint): boolean {
  const rule = QR_RULES[provider];
  const minimum = toMinor(rule.minimum);
  const isAboveMinimum = rule.isMinimumExclusive ? amountMinor > minimum : amountMinor >= minimum;
  return isAboveMinimum && amountMinor <= QR_MAXIMUM_MINOR;
}

/**
 * The gateways that may make a QR for this amount, best first (docs/decisions/0022-one-qr-button.md): among the open
 * ones (none in maintenance), those whose own rules take the amount, in the spec's order KBANK, WW, E2P. The server
 * tries them in this order; the member's form enables "create" only when this is not empty.
 */
export function qrGatewaysFor(amountMinor: bigint, open: readonly QrProvider[]): QrProvider[] {
  return QR_PROVIDERS.filter((provider) => open.includes(provider) && isQrAmountAccepted(provider, amountMinor));
}

/**
 * One QR button (docs/decisions/0022-one-qr-button.md): the server picks the gateway (qrGatewaysFor, then the first
 * that makes the QR) and says which, so the member's screen then reads and cancels it by the spec's per-gateway calls.
 */
export const qrCreateChosen = memberCall('POST', '/api/qrcode', {
  body: z.strictObject({ amount: amountSchema('QR_AMOUNT_MINIMUM') }),
  response: qrStateSchema.extend({ provider: z.enum(QR_PROVIDERS) }),
});
export type ChosenQrState = z.infer<typeof qrCreateChosen.response>;

/** The ways in, in the order the deposit modal offers them (QR first: it confirms itself). */
export const DEPOSIT_METHODS = ['qr', 'bank', 'slip', 'giftLink'] as const;
export type DepositMethod = (typeof DEPOSIT_METHODS)[number];

/**
 * What this member can deposit with: the methods open to them, the QR gateways, and the operator's accounts in the
 * member's own currency only (the public deposit lookup lists every account of the operator).
 */
export const depositOptions = memberCall('GET', '/api/deposit/options', {
  response: z.object({
    methods: z.array(z.enum(DEPOSIT_METHODS)),
    /** The gateways whose QRs this member's screen reads (a QR made before a maintenance still shows). */
    qrProviders: z.array(z.enum(QR_PROVIDERS)),
    /** Those taking new QRs now (not in maintenance): the QR form's limits are theirs (qrGatewaysFor). */
    qrOpen: z.array(z.enum(QR_PROVIDERS)),
    banks: z.array(depositBankSchema),
    wallets: z.array(depositWalletSchema),
    isManual: z.boolean(),
  }),
});
export type DepositOptions = z.infer<typeof depositOptions.response>;

/** Manual deposit notice (used when the deposit lookup's isManual is on). */
export const walletAdd = memberCall('POST', '/api/wallet/add', {
  body: z.strictObject({ amount: amountSchema('TRANSFER_MINIMUM') }),
  response: z.object({
    message: z.literal('SUCCESS'),
    depositId: z.string(),
    status: z.enum(MONEY_STATUSES),
  }),
});

/** Spec §4 slip reasons, in the order the spec lists them. */
export const SLIP_REASONS = [
  'FILE_MISSING',
  'IMAGE_SIZE_UNPROCESSABLE',
  'CROPPED_IMAGE_UNREADABLE',
  'DESTINATION_ACCOUNT_INVALID',
  'REFERENCE_DUPLICATED',
  'REFERENCE_UNSTABLE',
  'CAPTCHA_WRONG_3_TIMES',
  'INVALID_SLIP',
  'PLAYER_ACCOUNT_MISMATCH',
  'SLIP_EXPIRED',
  'UNKNOWN',
] as const;
export type SlipReason = (typeof SLIP_REASONS)[number];

export const slipSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  amount: z.number(),
  status: z.enum(MONEY_STATUSES),
  note: z.enum(SLIP_REASONS).nullable(),
  link: z.string().nullable(),
  reference: z.string().nullable(),
});
export type Slip = z.infer<typeof slipSchema>;

/** Multipart upload, field `file` (jpeg/png, at most 10 MB); the answer is the slip row as kept. */
export const walletSlipUpload = memberCall('POST', '/api/wallet/slip', {
  response: z.object({ slip: slipSchema }),
});
export const SLIP_MAX_BYTES = 10 * 1024 * 1024;
export const SLIP_FILE_FIELD = 'file';

export const slipList = pagedListCall('/api/statement/slip', PAGE_SIZE.slip, {
  slips: z.array(slipSchema),
});

export const slipReference = memberCall('GET', '/api/statement/slip/reference/:reference', {
  params: z.strictObject({
    reference: textSchema('NO_DATA').min(1, { error: 'NO_DATA' }).max(64, { error: 'NO_DATA' }),
  }),
  response: z.object({ url: z.string() }),
});

/** `link` is the gift link encrypted with truelink-crypto's encryptTrueLink. */
export const walletTruelink = memberCall('POST', '/api/wallet/truelink', {
  body: z.strictObject({
    link: textSchema('TRUELINK_INVALID')
      .min(1, { error: 'TRUELINK_INVALID' })
      .max(2000, { error: 'TRUELINK_INVALID' }),
  }),
  response: z.object({ message: z.literal('SUCCESS'), amount: z.number(), depositId: z.string() }),
});
