import { z } from 'zod';
import { LEDGER_CURRENCIES } from '../constants.ts';
import { adminCall } from './admin-contract.ts';
import { textSchema } from '../fields.ts';

/**
 * The back office's reports (docs/back-office/reports.md): a summary per day of the players' calendar (Asia/Bangkok)
 * and per currency, a reconciliation of the ledger against the providers and the bank, and both as CSV.
 * Money is integer minor units as a decimal string (a bigint on the server; never a float).
 */

/** The longest range one summary covers, in days (bounded work per call). */
export const REPORT_MAX_DAYS = 93;

export const reportCurrencySchema = z.enum(LEDGER_CURRENCIES);

export const minorSchema = z.string().regex(/^-?\d+$/);

const daySchema = z.iso.date({ error: 'REPORT_RANGE_INVALID' });

/** Days of the players' calendar, both included. */
export const reportRangeSchema = z.strictObject({ from: daySchema, to: daySchema });
export type ReportRange = z.infer<typeof reportRangeSchema>;

export const DEPOSIT_CHANNELS = ['qr', 'bank', 'slip', 'truemoney', 'manual', 'other'] as const;
export type DepositChannel = (typeof DEPOSIT_CHANNELS)[number];

export const WITHDRAWAL_STATUSES = [
  'pending_approval',
  'processing',
  'succeeded',
  'failed',
  'rejected',
] as const;

const figureSchema = z.object({ count: z.number(), amountMinor: minorSchema });
export type Figure = z.infer<typeof figureSchema>;

export const gameFiguresSchema = z.object({
  provider: z.string(),
  /** Posted wallet → game transfers. */
  moneyIn: figureSchema,
  /** Posted game → wallet transfers. */
  moneyOut: figureSchema,
  /** moneyIn − moneyOut: what stayed in the game (the house's side when positive). */
  netTransferMinor: minorSchema,
  /** Members' losses − wins booked by the balance sync (game_result). */
  bookedResultMinor: minorSchema,
  /** From the provider's bet records, where it reports them: stakes, payouts, stakes − payouts. */
  bets: z.object({
    count: z.number(),
    stakeMinor: minorSchema,
    payoutMinor: minorSchema,
    netMinor: minorSchema,
  }),
});
export type GameFigures = z.infer<typeof gameFiguresSchema>;

export const currencyFiguresSchema = z.object({
  currency: reportCurrencySchema,
  deposits: z.object({
    total: figureSchema,
    byChannel: z.record(z.enum(DEPOSIT_CHANNELS), figureSchema),
  }),
  withdrawals: z.object({
    /** Requested in the period, by where they stand now. */
    requested: figureSchema,
    byStatus: z.record(z.enum(WITHDRAWAL_STATUSES), figureSchema),
    /** Money that left through the bank in the period (posted withdraw transfers). */
    paidOut: figureSchema,
  }),
  costs: z.object({
    bonusGiven: figureSchema,
    /** Bonus money taken back when a bonus ended (finish_bonus, bonus_forfeit). */
    bonusForfeited: figureSchema,
    bonusNetMinor: minorSchema,
    refund: figureSchema,
    invite: figureSchema,
    prize: figureSchema,
    adjustmentCredit: figureSchema,
    adjustmentDebit: figureSchema,
    /** bonus net + refund + invite + prize + adjustment credits − adjustment debits. */
    totalMinor: minorSchema,
  }),
  games: z.array(gameFiguresSchema),
  members: z.object({ registered: z.number(), active: z.number() }),
});
export type CurrencyFigures = z.infer<typeof currencyFiguresSchema>;

export const dayFiguresSchema = z.object({
  /** YYYY-MM-DD of the players' calendar; null for the whole range. */
  day: z.string().nullable(),
  currencies: z.array(currencyFiguresSchema),
});
export type DayFigures = z.infer<typeof dayFiguresSchema>;

export const summaryReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.literal('Asia/Bangkok'),
  generatedAt: z.string(),
  days: z.array(dayFiguresSchema),
  total: dayFiguresSchema,
});
export type SummaryReport = z.infer<typeof summaryReportSchema>;

/** A report and its CSV twin (`<report>.csv`: UTF-8 with a byte-order mark), both answering the same request. */
function reportCalls<TBody extends z.ZodType, TResponse extends z.ZodType>(
  report: 'summary' | 'reconciliation',
  body: TBody,
  response: TResponse,
) {
  const path = `/api/admin/reports/${report}` as const;
  return {
    json: adminCall('POST', path, { body, response, permission: 'reports.read' }),
    csv: adminCall('POST', `${path}.csv`, {
      body,
      response: z.string(),
      permission: 'reports.read',
    }),
  };
}

/** The summary as CSV has one row per day, currency and figure. */
export const { json: adminReportSummaryContract, csv: adminReportSummaryCsvContract } = reportCalls(
  'summary',
  reportRangeSchema,
  summaryReportSchema,
);

export const RECONCILIATION_SECTIONS = ['ledger', 'games', 'payouts', 'bankLines'] as const;
export type ReconciliationSection = (typeof RECONCILIATION_SECTIONS)[number];

/** One difference found: what the ledger expects against what the other side holds. */
export const differenceSchema = z.object({
  section: z.enum(RECONCILIATION_SECTIONS),
  /** What kind of difference (balance_mismatch, payout_missing, line_not_credited, …). */
  kind: z.string(),
  currency: reportCurrencySchema.nullable(),
  memberId: z.string().nullable(),
  memberPublicId: z.string().nullable(),
  /** The account (PROVIDER/username, a ledger account id) or the outside reference concerned. */
  subject: z.string(),
  reference: z.string().nullable(),
  expectedMinor: minorSchema.nullable(),
  foundMinor: minorSchema.nullable(),
  detail: z.string().nullable(),
});
export type Difference = z.infer<typeof differenceSchema>;

const cursorSchema = textSchema('INVALID_REQUEST').max(200).nullable().default(null);

export const reconciliationRequestSchema = z.strictObject({
  from: daySchema,
  to: daySchema,
  /** Rows checked per section at most; a section with more answers a cursor to go on from. */
  limit: z.number().int().min(1).max(500).default(200),
  cursors: z
    .strictObject({
      games: cursorSchema,
      payouts: cursorSchema,
      bankLines: cursorSchema,
      bankCredits: cursorSchema,
    })
    .default({ games: null, payouts: null, bankLines: null, bankCredits: null }),
});
export type ReconciliationRequest = z.input<typeof reconciliationRequestSchema>;

export const providerCheckSchema = z.object({
  provider: z.string(),
  status: z.enum(['ok', 'unreachable']),
  accountsChecked: z.number(),
  /** Accounts with a transfer in flight: not compared (the ledger and the provider legitimately differ). */
  accountsInFlight: z.number(),
  ledgerMinor: minorSchema,
  providerMinor: minorSchema,
  differences: z.number(),
  error: z.string().nullable(),
});
export type ProviderCheck = z.infer<typeof providerCheckSchema>;

export const reconciliationReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  generatedAt: z.string(),
  ledger: z.object({
    sums: z.array(z.object({ currency: reportCurrencySchema, sumMinor: minorSchema })),
    mismatchedAccounts: z.number(),
  }),
  games: z.object({
    providers: z.array(providerCheckSchema),
    accountsChecked: z.number(),
    nextCursor: z.string().nullable(),
  }),
  payouts: z.object({
    bankStatus: z.enum(['ok', 'unreachable']),
    checked: z.number(),
    inFlight: z.number(),
    nextCursor: z.string().nullable(),
  }),
  bankLines: z.object({
    checked: z.number(),
    creditsChecked: z.number(),
    nextCursor: z.string().nullable(),
    nextCreditsCursor: z.string().nullable(),
  }),
  differences: z.array(differenceSchema),
});
export type ReconciliationReport = z.infer<typeof reconciliationReportSchema>;

export const { json: adminReconciliationContract, csv: adminReconciliationCsvContract } =
  reportCalls('reconciliation', reconciliationRequestSchema, reconciliationReportSchema);
