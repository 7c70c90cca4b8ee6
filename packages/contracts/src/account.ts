import { z } from 'zod';
import { DATE_ERAS, HOME_COOKIE_PATH, type Country } from './constants.ts';
import { defineContract, memberCall } from './contract.ts';
import { otpTokenSchema } from './otp.ts';
import {
  bankAccountNameSchema,
  bankAccountNoSchema,
  bankCodeSchema,
  currencySchema,
  givenPasswordSchema,
  nameSchema,
  newPasswordSchema,
  textSchema,
  phoneSchema,
} from './fields.ts';

export const profileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string(),
  coin: z.number().int(),
  bankCode: z.string(),
  bankAccountName: z.string(),
  bankAccountNo: z.string(),
  currency: z.enum(['BAHT', 'LAK']),
  createdAt: z.string(),
  /**
   * How the member's dates count years (docs/design.md#member-app); an addition to docs/spec.md §3. Null until the
   * member chooses: the language's own (Thai in the Buddhist era).
   */
  dateEra: z.enum(DATE_ERAS).nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const bankAccountSchema = z.object({
  bankAccountName: z.string(),
  bankAccountNo: z.string(),
  bank: z.object({ code: z.string(), nameTH: z.string(), nameEN: z.string() }),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

const optionalCode = (error: string) =>
  textSchema(error)
    .trim()
    .max(32, { error })
    .optional()
    .transform((v) => (v ? v : undefined));

/** The registration payload of docs/spec.md §3. `username` is the phone. */
export function registerBodySchema(country: Country) {
  return z.strictObject({
    name: nameSchema,
    username: phoneSchema(country),
    password: newPasswordSchema,
    sourceCode: optionalCode('SOURCE_INVALID'),
    inviteCode: optionalCode('INVITE_CODE_INVALID'),
    bankCode: bankCodeSchema,
    bankAccountName: bankAccountNameSchema,
    bankAccountNo: bankAccountNoSchema,
    currency: country === 'LA' ? currencySchema.default('LAK') : z.literal('BAHT', { error: 'CURRENCY_INVALID' }).default('BAHT'),
    /** The token of the phone's verified one-time code (required while codes are on); used up by the registration. */
    otpToken: otpTokenSchema.optional(),
  });
}
export type RegisterBody = z.input<ReturnType<typeof registerBodySchema>>;

export const accountValidate = defineContract({
  method: 'POST',
  path: '/api/account/validate',
  body: registerBodySchema('TH'),
  response: z.object({ message: z.literal('OK') }),
});

export const accountCreate = defineContract({
  method: 'POST',
  path: '/api/account',
  body: registerBodySchema('TH'),
  response: z.object({ message: z.literal('SUCCESS'), _id: z.string() }),
});

export const profileResponseSchema = z.object({ profile: profileSchema, bankAccount: bankAccountSchema });

export const profileGet = memberCall('GET', '/api/account/profile', {
  response: profileResponseSchema,
});

/** A change of the member's profile (PUT), answered with the profile as it now is. */
function profileChange<TBody extends z.ZodType>(path: string, body: TBody) {
  return memberCall('PUT', path, { body, response: profileResponseSchema });
}

export const profileUpdateBodySchema = z.strictObject({
  name: nameSchema,
  bankCode: bankCodeSchema,
  bankAccountName: bankAccountNameSchema,
  bankAccountNo: bankAccountNoSchema,
  /** The member's password, required when the bank or the account number changes (wrong: BANK_CHANGE_WRONG_PASSWORD). */
  password: givenPasswordSchema.optional(),
});

export const profileUpdate = profileChange('/api/account/profile', profileUpdateBodySchema);

export const bankAccountNameBodySchema = z.strictObject({
  bankCode: bankCodeSchema,
  bankAccountName: bankAccountNameSchema,
});

export const bankAccountNameUpdate = profileChange(
  '/api/account/bankAccountName',
  bankAccountNameBodySchema,
);

export const dateEraBodySchema = z.strictObject({ dateEra: z.enum(DATE_ERAS, { error: 'DATE_ERA_INVALID' }) });

/** The member's year count in dates: Gregorian (default) or Buddhist era. */
export const dateEraUpdate = profileChange('/api/account/dateEra', dateEraBodySchema);

export const changePasswordBodySchema = z.strictObject({
  oldPassword: givenPasswordSchema,
  newPassword: newPasswordSchema,
});

export const changePassword = memberCall('PUT', '/api/account/changepwd', {
  body: changePasswordBodySchema,
  response: z.object({ message: z.literal('SUCCESS') }),
});

export function loginBodySchema(country: Country) {
  return z.strictObject({
    username: phoneSchema(country),
    password: givenPasswordSchema,
    /**
     * Beyond the spec's two fields, optional: how long the answer's home page cookie lasts (30 days when true, else
     * until the browser closes; docs/decisions/0021-member-home-page.md).
     */
    isRemembered: z.boolean({ error: 'INVALID_REQUEST' }).optional(),
  });
}

export const login = defineContract({
  method: 'POST',
  path: '/api/login',
  body: loginBodySchema('TH'),
  response: z.object({ token: z.string() }),
});

export const logout = memberCall('POST', '/api/logout', {
  response: z.object({ message: z.literal('SUCCESS') }),
});

/**
 * The member home page's cookie (docs/decisions/0021-member-home-page.md): the server sets it, HttpOnly, with a key of
 * its own for the signed-in session (kept 30 days when remembered, else until the browser closes); DELETE removes it.
 */
export const homeCookieSet = memberCall('POST', HOME_COOKIE_PATH, {
  body: z.strictObject({ isRemembered: z.boolean({ error: 'INVALID_REQUEST' }) }),
  response: z.object({ message: z.literal('SUCCESS') }),
});

export const homeCookieClear = defineContract({
  method: 'DELETE',
  path: HOME_COOKIE_PATH,
  response: z.object({ message: z.literal('SUCCESS') }),
});

/**
 * Forgot password (docs/design.md#password-reset): sends a one-time code to a member's phone. Any valid phone gets
 * the same answer, so the call does not tell whether it is a member's; the code is then checked with otp/verify.
 */
export function passwordForgotBodySchema(country: Country) {
  return z.strictObject({ phoneNumber: phoneSchema(country) });
}

export const passwordForgot = defineContract({
  method: 'POST',
  path: '/api/account/password/forgot',
  body: passwordForgotBodySchema('TH'),
  response: z.object({ code: z.literal('OK'), otpRef: z.string(), otpToken: z.string() }),
});

/** Sets a new password with the token of the phone's verified reset code; uses the code up, signs out every session. */
export function passwordResetBodySchema(country: Country) {
  return z.strictObject({
    phoneNumber: phoneSchema(country),
    otpToken: otpTokenSchema,
    password: newPasswordSchema,
  });
}

export const passwordReset = defineContract({
  method: 'POST',
  path: '/api/account/password/reset',
  body: passwordResetBodySchema('TH'),
  response: z.object({ message: z.literal('SUCCESS') }),
});
