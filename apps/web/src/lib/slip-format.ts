import { SLIP_REASONS, type SlipReason } from '@mekong/contracts/deposit';
import { formatMoney } from '@/lib/format';

/** Spec §4: the three unreadable-image codes all read "incorrect slip"; every other code has its own text. */
export const SLIP_REASON_KEYS: Record<SlipReason, string> = {
  FILE_MISSING: 'slip.reasons.incorrectSlip',
  IMAGE_SIZE_UNPROCESSABLE: 'slip.reasons.incorrectSlip',
  CROPPED_IMAGE_UNREADABLE: 'slip.reasons.incorrectSlip',
  DESTINATION_ACCOUNT_INVALID: 'slip.reasons.destinationInvalid',
  REFERENCE_DUPLICATED: 'slip.reasons.referenceDuplicated',
  REFERENCE_UNSTABLE: 'slip.reasons.referenceUnstable',
  CAPTCHA_WRONG_3_TIMES: 'slip.reasons.captchaWrong',
  INVALID_SLIP: 'slip.reasons.invalidSlip',
  PLAYER_ACCOUNT_MISMATCH: 'slip.reasons.playerAccountMismatch',
  SLIP_EXPIRED: 'slip.reasons.expired',
  UNKNOWN: 'slip.reasons.unknown',
};

function isSlipReason(value: string): value is SlipReason {
  return (SLIP_REASONS as readonly string[]).includes(value);
}

/** The i18n key of a slip's reason code; a code this app doesn't know reads "unknown"; no code, no text. */
export function slipReasonKey(note: string | null | undefined): string | null {
  if (!note) return null;
  return SLIP_REASON_KEYS[isSlipReason(note) ? note : 'UNKNOWN'];
}

/** Spec §2: "-" unless the amount is over 0, else 2 decimals. */
export function slipAmountText(amount: number | null | undefined): string {
  return typeof amount === 'number' && amount > 0 ? formatMoney(amount) : '-';
}
