/**
 * An operator account number as the bank prints it, so it reads in chunks and never wraps on a 390 px phone:
 * a Thai bank's 10-digit account as XXX-X-XXXXX-X (the layout on Thai passbooks and banking apps), a mobile wallet's
 * phone number as 0XX-XXX-XXXX, anything else (Lao banks' 16 digits, 12-digit savings banks) in groups of four.
 * Only the display changes: copying always takes the bare number.
 */
export function groupAccountNumber(value: string, kind: 'bank' | 'wallet' = 'bank'): string {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) return value;
  if (kind === 'wallet' && /^0\d{9}$/.test(digits)) return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
  if (kind === 'bank' && digits.length === 10) return `${digits.slice(0, 3)}-${digits[3]}-${digits.slice(4, 9)}-${digits[9]}`;
  if (digits.length <= 6) return digits;
  return (digits.match(/.{1,4}/g) ?? [digits]).join(' ');
}
