import type { MessageCode } from '@mekong/contracts/messages';
import type { Config } from '@/config.ts';
import { AppError } from '@/lib/app-error.ts';
import type { CounterStore, RateRule } from '@/store/counter-store.ts';

/** A sliding-window budget and the code a client is told once it is spent. */
export type Budget = RateRule & { code: MessageCode };

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * Wrong sign-ins a client (IP) may make: 30 an hour, 10 a minute; and all clients together per minute
 * (docs/decisions/0008-account-security.md). The longer window comes first, so a client past it is told REQUEST_LIMIT.
 */
export function signInBudgets(ip: string, config: Pick<Config, 'AUTH_GLOBAL_LIMIT_PER_MINUTE'>): Budget[] {
  return [
    { key: `login:ip:hour:${ip}`, limit: 30, windowMs: HOUR_MS, code: 'REQUEST_LIMIT' },
    { key: `login:ip:minute:${ip}`, limit: 10, windowMs: MINUTE_MS, code: 'REQUEST_LIMIT_1MIN' },
    {
      key: 'login:all:minute',
      limit: config.AUTH_GLOBAL_LIMIT_PER_MINUTE,
      windowMs: MINUTE_MS,
      code: 'REQUEST_LIMIT_1MIN',
    },
  ];
}

/**
 * Answers that tell whether a phone is registered (one-time code send, registration validate while codes are off) a
 * client may get: 100 a day, 20 a minute; and all clients together per minute.
 */
export function phoneLookupBudgets(
  ip: string,
  config: Pick<Config, 'AUTH_GLOBAL_LIMIT_PER_MINUTE'>,
): Budget[] {
  return [
    { key: `lookup:ip:day:${ip}`, limit: 100, windowMs: DAY_MS, code: 'REQUEST_LIMIT' },
    { key: `lookup:ip:minute:${ip}`, limit: 20, windowMs: MINUTE_MS, code: 'REQUEST_LIMIT_1MIN' },
    {
      key: 'lookup:all:minute',
      limit: config.AUTH_GLOBAL_LIMIT_PER_MINUTE,
      windowMs: MINUTE_MS,
      code: 'REQUEST_LIMIT_1MIN',
    },
  ];
}

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
  if (!result.isAllowed) throw new AppError(budgets[result.failedRule]?.code ?? 'REQUEST_LIMIT');
  return {
    async giveBack() {
      await Promise.all(budgets.map((b) => counters.remove(b.key, result.entryId)));
    },
  };
}
