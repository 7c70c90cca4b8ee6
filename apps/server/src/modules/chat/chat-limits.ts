import type { AppDeps } from '@/app-deps.ts';
import { spendBudgets, type Budget } from '@/lib/guess-budgets.ts';

const MINUTE_MS = 60_000;

/** Per sender (member id, guest id or client address): docs/decisions/0015-support-chat.md#calls. */
export const CHAT_LIMITS = { messagesPerMinute: 30, uploadsPerMinute: 10, guestsPerMinute: 5 };

const budget = (key: string, limit: number): Budget => ({
  key: `chat:${key}`,
  limit,
  windowMs: MINUTE_MS,
  code: 'CHAT_RATE_LIMITED',
});

/** Spends one unit of a chat budget or throws CHAT_RATE_LIMITED. */
export function createChatLimits({ counters, clock }: Pick<AppDeps, 'counters' | 'clock'>) {
  const spend = (key: string, limit: number) =>
    spendBudgets(counters, [budget(key, limit)], clock.now().getTime());
  return {
    message: (sender: string) => spend(`message:${sender}`, CHAT_LIMITS.messagesPerMinute),
    upload: (sender: string) => spend(`upload:${sender}`, CHAT_LIMITS.uploadsPerMinute),
    newGuest: (ip: string) => spend(`guest:${ip}`, CHAT_LIMITS.guestsPerMinute),
  };
}

export type ChatLimits = ReturnType<typeof createChatLimits>;
