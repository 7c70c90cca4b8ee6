import { readStorage, writeStorage } from '@/lib/storage';
import { STORAGE_KEYS } from '@/lib/storage-keys';

/** The play sheet's amounts per member (docs/decisions/0023-prize-claim-and-game-return.md). */
function readAll(): Record<string, number> {
  try {
    const value: unknown = JSON.parse(readStorage(STORAGE_KEYS.playAmount) ?? '{}');
    return value && typeof value === 'object' ? (value as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** The last amount this member moved from the play sheet; null when none (or unreadable). */
export function lastPlayAmount(memberId: string): number | null {
  const amount = readAll()[memberId];
  return typeof amount === 'number' && Number.isFinite(amount) && amount > 0 ? amount : null;
}

export function rememberPlayAmount(memberId: string, amount: number): void {
  writeStorage(STORAGE_KEYS.playAmount, JSON.stringify({ ...readAll(), [memberId]: amount }));
}

/** What the sheet offers: the last amount moved, never more than the wallet holds; the whole wallet the first time. */
export function playSheetAmount(last: number | null, walletAmount: number): number {
  return last === null ? walletAmount : Math.min(last, walletAmount);
}
