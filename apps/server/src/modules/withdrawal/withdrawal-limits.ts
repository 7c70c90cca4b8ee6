import { AppError } from '@/lib/app-error.ts';
import type { SettingValue } from '@/modules/settings/settings.schema.ts';

/** The member's withdrawals today and this one against the daily count and amount (docs/design.md#withdrawals). */
export function checkDailyLimits(
  today: { count: number; amountMinor: bigint },
  amountMinor: bigint,
  limits: SettingValue<'withdrawLimits'>,
) {
  if (today.count + 1 > limits.dailyCount) throw new AppError('WITHDRAW_DAILY_LIMIT');
  if (today.amountMinor + amountMinor > BigInt(limits.dailyAmountMinor))
    throw new AppError('WITHDRAW_DAILY_AMOUNT');
}
