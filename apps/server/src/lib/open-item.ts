import { AppError } from '@/lib/app-error.ts';

/**
 * An item an operator is about to decide, as read under its row lock: ITEM_NOT_FOUND when there is none, and
 * ITEM_ALREADY_DECIDED once it no longer waits (a second click, or another operator first).
 */
export function openItemOrThrow<T>(item: T | undefined, isOpen: (item: T) => boolean): T {
  if (!item) throw new AppError('ITEM_NOT_FOUND');
  if (!isOpen(item)) throw new AppError('ITEM_ALREADY_DECIDED');
  return item;
}
