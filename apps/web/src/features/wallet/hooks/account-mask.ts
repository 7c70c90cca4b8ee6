import { formatAccountNumber } from '@/lib/format';

const VISIBLE_DIGITS = 4;

/**
 * A bank account number with only its last 4 digits shown (xxx-xxx-7890), as banks show it on a confirmation, kept
 * in the 3-3-rest grouping of docs/spec.md §2 when it has exactly 10 digits. Short numbers are masked but for one.
 */
export function maskAccountNumber(value: string): string {
  const digits = value.trim();
  const visible = Math.min(VISIBLE_DIGITS, Math.max(digits.length - 1, 0));
  const masked = 'x'.repeat(digits.length - visible) + digits.slice(digits.length - visible);
  return /^\d{10}$/.test(digits) ? formatAccountNumber(digits).replace(/\d/g, (digit, index: number) => (index < 8 ? 'x' : digit)) : masked;
}
