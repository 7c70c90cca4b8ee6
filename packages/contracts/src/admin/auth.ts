import { z } from 'zod';
import { textSchema } from '../fields.ts';
import { adminCall, permissionSchema, roleSchema } from './admin-contract.ts';
import { newOperatorPasswordSchema } from './operators.ts';

const usernameSchema = textSchema('OPERATOR_SIGN_IN_FAILED').trim().toLowerCase().min(1).max(64);
const passwordSchema = textSchema('OPERATOR_SIGN_IN_FAILED').min(1).max(200);
/** A six-digit TOTP code, or a recovery code (xxxx-xxxx-xxxx). */
const codeSchema = textSchema('OPERATOR_TOTP_INVALID')
  .trim()
  .regex(/^(\d{6}|[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4})$/i, { error: 'OPERATOR_TOTP_INVALID' });

export const operatorSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  role: roleSchema,
  permissions: z.array(permissionSchema),
});
export type OperatorProfile = z.infer<typeof operatorSchema>;

/** After the password (and the operator's own password when asked): the code, or the enrolment of an authenticator. */
const secondStepSchema = z.enum(['totp', 'enrol']);

/**
 * Step 1: the password. Answers a short-lived challenge token for the next step: `password` when the password was
 * given by someone else (a new or reset operator chooses their own first), then the code or the enrolment.
 */
export const adminSignInContract = adminCall('POST', '/api/admin/auth/sign-in', {
  body: z.strictObject({ username: usernameSchema, password: passwordSchema }),
  response: z.object({
    challengeToken: z.string(),
    next: z.enum(['password', ...secondStepSchema.options]),
    expiresAt: z.string(),
  }),
  permission: null,
});

const challengeBody = z.strictObject({
  challengeToken: textSchema('UNAUTHORIZED').min(1).max(200),
});

/**
 * The `password` step (docs/back-office/operators.md#first-sign-in): the operator's own password replaces the one an
 * owner saw; the same challenge token then goes on to the code or the enrolment.
 */
export const adminSetOwnPasswordContract = adminCall('POST', '/api/admin/auth/set-password', {
  body: challengeBody.extend({ newPassword: newOperatorPasswordSchema }),
  response: z.object({ next: secondStepSchema }),
  permission: null,
});

export const adminEnrolStartContract = adminCall('POST', '/api/admin/auth/enrol/start', {
  body: challengeBody,
  response: z.object({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() }),
  permission: null,
});

const sessionAnswer = z.object({
  token: z.string(),
  operator: operatorSchema,
  idleMinutes: z.number(),
  expiresAt: z.string(),
});

export const adminEnrolConfirmContract = adminCall('POST', '/api/admin/auth/enrol/confirm', {
  body: challengeBody.extend({ code: codeSchema }),
  response: sessionAnswer.extend({ recoveryCodes: z.array(z.string()) }),
  permission: null,
});

export const adminTotpContract = adminCall('POST', '/api/admin/auth/totp', {
  body: challengeBody.extend({ code: codeSchema }),
  response: sessionAnswer.extend({ recoveryCodesLeft: z.number() }),
  permission: null,
});

/** Before approving money: password and a fresh code again (docs/decisions/0014-back-office.md#re-authentication). */
export const adminReauthContract = adminCall('POST', '/api/admin/auth/reauth', {
  body: z.strictObject({ password: passwordSchema, code: codeSchema }),
  response: z.object({ validUntil: z.string() }),
  permission: null,
});

export const adminMeContract = adminCall('GET', '/api/admin/auth/me', {
  response: z.object({ operator: operatorSchema, reauthValidUntil: z.string().nullable() }),
  permission: null,
});

export const adminSignOutContract = adminCall('POST', '/api/admin/auth/sign-out', {
  response: z.object({ message: z.literal('OK') }),
  permission: null,
});
