import { accountCreate, accountValidate, registerBodySchema, type RegisterBody } from '@mekong/contracts/account';
import type { BodyOf } from '@mekong/contracts/contract';
import { otpSend } from '@mekong/contracts/otp';
import { apiCall, ApiError } from '@/lib/api-client';
import { COUNTRY } from '@/lib/config';

/** `otpToken`: the token this wizard verified for the same phone, so the server answers OTP_VERIFIED instead of a new code. */
export function sendOtp(phoneNumber: string, otpToken?: string) {
  return apiCall(otpSend, { body: otpToken ? { phoneNumber, otpToken } : { phoneNumber } });
}

/** Checks the payload with the shared schema, asks the server to validate it, then creates the member. */
export async function createAccount(payload: RegisterBody) {
  const parsed = registerBodySchema(COUNTRY).safeParse(payload);
  if (!parsed.success) throw new ApiError(parsed.error.issues[0]?.message ?? 'INVALID_USER_INFO', 400);
  // The contract is typed with the Thai schema; the Laos build sends LAK too, which the server accepts there.
  const body = parsed.data as BodyOf<typeof accountCreate>;
  await apiCall(accountValidate, { body });
  return apiCall(accountCreate, { body });
}

