import type { MessageCode } from '@mekong/contracts/messages';
import type { Config } from '@/config.ts';
import { limitError } from '@/lib/app-error.ts';
import type { CounterStore, RateRule } from '@/store/counter-store.ts';

/** A sliding-window budget and the code a client is told once it is spent. */
export type Budget = RateRule & { code: MessageCode };

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** A client's budget over a long window and per minute (the long one first: past it the client hears REQUEST_LIMIT), and all clients' per minute. */
function clientAndAllBudgets(
  name: string,
  ip: string,
  perClient: { limit: number; windowMs: number; perMinute: number },
  allPerMinute: number,
): Budget[] {
  return [
    {
      key: `${name}:ip:${perClient.windowMs}:${ip}`,
      limit: perClient.limit,
      windowMs: perClient.windowMs,
      code: 'REQUEST_LIMIT',
    },
    {
      key: `${name}:ip:minute:${ip}`,
      limit: perClient.perMinute,
      windowMs: MINUTE_MS,
      code: 'REQUEST_LIMIT_1MIN',
    },
    {
      key: `${name}:all:minute`,
      limit: allPerMinute,
      windowMs: MINUTE_MS,
      code: 'REQUEST_LIMIT_1MIN',
    },
  ];
}

/** Wrong sign-ins: a client 30 an hour and 10 a minute; all clients the setting a minute (docs/decisions/0009-account-security.md). */
export const signInBudgets = (ip: string, config: Pick<Config, 'AUTH_GLOBAL_LIMIT_PER_MINUTE'>) =>
  clientAndAllBudgets(
    'login',
    ip,
    { limit: 30, windowMs: HOUR_MS, perMinute: 10 },
    config.AUTH_GLOBAL_LIMIT_PER_MINUTE,
  );

/** Operators' wrong sign-ins (password or code): a client 30 an hour and 10 a minute; all clients 60 a minute (docs/back-office/sign-in.md). */
export const operatorSignInBudgets = (ip: string) =>
  clientAndAllBudgets('op-login', ip, { limit: 30, windowMs: HOUR_MS, perMinute: 10 }, 60);

/**
 * Answers that tell whether a phone is registered (one-time code send; registration while codes are off): a client
 * the settings a day (300: at least the day's one-time codes of a carrier-NAT address) and a minute (20); all clients
 * the setting a minute.
 */
export const phoneLookupBudgets = (
  ip: string,
  config: Pick<
    Config,
    'AUTH_GLOBAL_LIMIT_PER_MINUTE' | 'PHONE_LOOKUP_LIMIT_IP_DAY' | 'PHONE_LOOKUP_LIMIT_IP_MINUTE'
  >,
) =>
  clientAndAllBudgets(
    'lookup',
    ip,
    {
      limit: config.PHONE_LOOKUP_LIMIT_IP_DAY,
      windowMs: DAY_MS,
      perMinute: config.PHONE_LOOKUP_LIMIT_IP_MINUTE,
    },
    config.AUTH_GLOBAL_LIMIT_PER_MINUTE,
  );

/**
 * Spends one unit of every budget, atomically, or throws the code of the first one already spent (nothing recorded
 * then). Answers how to give the unit back.
 */
export async function spendBudgets(
  counters: CounterStore,
  budgets: Budget[],
  now: number,
): Promise<{ giveBack(): Promise<void> }> {
  const result = await counters.consume(budgets, now);
  if (!result.isAllowed)
    throw limitError(budgets[result.failedRule]?.code ?? 'REQUEST_LIMIT', result.retryAt, now);
  return {
    async giveBack() {
      await Promise.all(budgets.map((b) => counters.remove(b.key, result.entryId)));
    },
  };
}

/** Promotion codes not found: a member 30 a day and 10 a minute (docs/decisions/0013-promotions.md#codes). */
export const promotionCodeBudgets = (memberId: string): Budget[] => [
  { key: `promo:member:day:${memberId}`, limit: 30, windowMs: DAY_MS, code: 'REQUEST_LIMIT' },
  {
    key: `promo:member:minute:${memberId}`,
    limit: 10,
    windowMs: MINUTE_MS,
    code: 'REQUEST_LIMIT_1MIN',
  },
];

/** Whose one-time code it is: each has a phone's budget of its own (docs/decisions/0009-account-security.md#one-time-codes). */
export type CodeKind = 'register' | 'reset' | 'support-reset';

/**
 * The sending rules of a one-time code (docs/design.md#one-time-codes), in the order they answer: one per phone and kind
 * per 60 s; a phone's day per kind, of which one client address (or operator) may take only a part; the client's hour
 * and day, roomy enough for the many members behind one carrier-NAT address; the operator's SMS cost, all phones
 * together.
 */
export const oneTimeCodeBudgets = (
  phone: string,
  client: string,
  kind: CodeKind,
  config: Pick<
    Config,
    | 'OTP_DAILY_LIMIT_PHONE'
    | 'OTP_DAILY_LIMIT_PHONE_IP'
    | 'OTP_HOURLY_LIMIT_IP'
    | 'OTP_DAILY_LIMIT_IP'
    | 'SMS_DAILY_LIMIT'
  >,
  resendMs: number,
): Budget[] => [
  { key: `otp:resend:${kind}:${phone}`, limit: 1, windowMs: resendMs, code: 'REQUEST_LIMIT_1MIN' },
  {
    key: `otp:day:phone:${kind}:${phone}`,
    limit: config.OTP_DAILY_LIMIT_PHONE,
    windowMs: DAY_MS,
    code: 'REQUEST_LIMIT',
  },
  {
    key: `otp:day:phone-ip:${kind}:${phone}:${client}`,
    limit: config.OTP_DAILY_LIMIT_PHONE_IP,
    windowMs: DAY_MS,
    code: 'REQUEST_LIMIT',
  },
  {
    key: `otp:hour:ip:${client}`,
    limit: config.OTP_HOURLY_LIMIT_IP,
    windowMs: HOUR_MS,
    code: 'REQUEST_LIMIT',
  },
  {
    key: `otp:day:ip:${client}`,
    limit: config.OTP_DAILY_LIMIT_IP,
    windowMs: DAY_MS,
    code: 'REQUEST_LIMIT',
  },
  { key: 'sms:day:all', limit: config.SMS_DAILY_LIMIT, windowMs: DAY_MS, code: 'OTP_SEND_PAUSED' },
];
