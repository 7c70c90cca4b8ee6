import type { RefundCheck } from '@mekong/contracts/refund';

/** Why the receive button is disabled (docs/spec.md §4: an active bonus blocks refunds), or null when it is not. */
export type RefundBlock = 'bonus' | 'received' | 'nothing' | null;

export function refundBlock(check: RefundCheck): RefundBlock {
  if (check.bonus) return 'bonus';
  if (check.info.isReceived) return 'received';
  if (!check.result || check.refundAmount <= 0) return 'nothing';
  return null;
}

/** The last day of the week: the server sends the next Monday 00:00 (exclusive), the member reads Sunday. */
export function weekLastDay(weekEnd: string): Date {
  return new Date(Date.parse(weekEnd) - 1);
}
