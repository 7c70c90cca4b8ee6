import { otpVerify } from '@mekong/contracts/otp';
import { apiCall } from '@/lib/api-client';

/** POST /api/otp/verify: the code from the SMS for the sent code's token (registration and password reset). */
export function verifyOtpCode(otpToken: string, otpCode: string) {
  return apiCall(otpVerify, { body: { otpToken, otpCode } });
}
