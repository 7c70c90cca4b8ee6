import { passwordForgot, passwordReset } from '@mekong/contracts/account';
import { apiCall } from '@/lib/api-client';

/** Asks for a reset code by SMS (docs/design.md#password-reset); any valid phone gets the same answer. */
export function requestResetCode(phoneNumber: string) {
  return apiCall(passwordForgot, { body: { phoneNumber } });
}

export function resetPassword(body: { phoneNumber: string; otpToken: string; password: string }) {
  return apiCall(passwordReset, { body });
}

