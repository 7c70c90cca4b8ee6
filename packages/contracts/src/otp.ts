import { z } from 'zod';
import type { Country } from './constants.ts';
import { defineContract } from './contract.ts';
import { phoneSchema, textSchema } from './fields.ts';

export const otpTokenSchema = textSchema('OTP_TOKEN_REQUIRED')
  .min(1, { error: 'OTP_TOKEN_REQUIRED' })
  .max(200, { error: 'OTP_TOKEN_INVALID' });

/**
 * `otpToken` (optional): the token of this phone's code the client already verified. With it the answer is
 * `OTP_VERIFIED` while that verification counts; without it a verified phone gets a fresh code that replaces the
 * verification (a client that lost its token is not stuck).
 */
export function otpSendBodySchema(country: Country) {
  return z.strictObject({ phoneNumber: phoneSchema(country), otpToken: otpTokenSchema.optional() });
}

export const otpSendResponseSchema = z.discriminatedUnion('code', [
  z.object({ code: z.literal('OK'), otpRef: z.string(), otpToken: z.string() }),
  z.object({ code: z.literal('OTP_VERIFIED') }),
]);

export const otpSend = defineContract({
  method: 'POST',
  path: '/api/otp/send',
  body: otpSendBodySchema('TH'),
  response: otpSendResponseSchema,
});

export const otpVerifyBodySchema = z.strictObject({
  otpToken: otpTokenSchema,
  otpCode: textSchema('OTP_CODE_FORMAT')
    .trim()
    .regex(/^\d{6}$/, { error: 'OTP_CODE_FORMAT' }),
});

export const otpVerify = defineContract({
  method: 'POST',
  path: '/api/otp/verify',
  body: otpVerifyBodySchema,
  response: z.object({ message: z.literal('OTP_CODE_VALID') }),
});
