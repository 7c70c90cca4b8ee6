/** Thai banks of docs/design.md#outside-parties: the 3-digit code used on slips and the short code used by the wallet (TTB = TMB). */
export const THAI_BANKS = [
  { code: '002', shortCode: 'BBL' },
  { code: '004', shortCode: 'KBANK' },
  { code: '006', shortCode: 'KTB' },
  { code: '011', shortCode: 'TMB' },
  { code: '014', shortCode: 'SCB' },
  { code: '022', shortCode: 'CIMBT' },
  { code: '024', shortCode: 'UOBT' },
  { code: '025', shortCode: 'BAY' },
  { code: '030', shortCode: 'GSB' },
  { code: '033', shortCode: 'GHB' },
  { code: '034', shortCode: 'BAAC' },
  { code: '066', shortCode: 'IBANK' },
  { code: '067', shortCode: 'TISCO' },
  { code: '069', shortCode: 'KKP' },
  { code: '070', shortCode: 'ICBCT' },
  { code: '071', shortCode: 'TCRB' },
  { code: '073', shortCode: 'LHBANK' },
] as const;

export type ThaiBank = (typeof THAI_BANKS)[number];

/** A bank by its 3-digit code or its short code (`014`, `SCB`, `scb`; `TTB` is TMB). */
export function findThaiBank(code: string): ThaiBank | undefined {
  const wanted = code.trim().toUpperCase() === 'TTB' ? 'TMB' : code.trim().toUpperCase();
  return THAI_BANKS.find((b) => b.code === wanted || b.shortCode === wanted);
}

/**
 * An account number as Thai slips print it: a 10-digit number shows its digits 6-9 (`1234567890` →
 * `xxx-x-x6789-x`); other lengths show only their last 4 digits.
 */
export function maskAccountNo(accountNo: string): string {
  if (accountNo.length === 10) return `xxx-x-x${accountNo.slice(5, 9)}-x`;
  return `${'x'.repeat(Math.max(accountNo.length - 4, 0))}${accountNo.slice(-4)}`;
}
