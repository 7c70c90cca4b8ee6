/**
 * Whether a verified party is the given account. With the full number (some verifiers, the sandbox) the digits
 * must be equal; with only the masked number (`xxx-x-x6789-x`), every shown digit must be at its place and the
 * lengths equal, and at least 4 digits must be shown.
 */
export function isSameAccount(
  party: { accountNo: string | null; maskedAccountNo: string },
  accountNo: string,
): boolean {
  const own = accountNo.replace(/\D/g, '');
  if (party.accountNo) return party.accountNo.replace(/\D/g, '') === own;
  const masked = party.maskedAccountNo.replace(/[\s-]/g, '').toLowerCase();
  if (masked.length !== own.length) return false;
  let shown = 0;
  for (let i = 0; i < masked.length; i += 1) {
    const c = masked[i];
    if (c === 'x' || c === '*') continue;
    if (c !== own[i]) return false;
    shown += 1;
  }
  return shown >= 4;
}
