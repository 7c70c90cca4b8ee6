import { z } from 'zod';
import { textSchema } from '../fields.ts';
import { adminCall, idParams, okSchema, roleSchema } from './admin-contract.ts';

export const operatorRowSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  role: roleSchema,
  /** pending: a new owner waiting for a second owner's confirmation. */
  status: z.enum(['active', 'disabled', 'pending']),
  /** The operator has not chosen their own password yet (new, or reset). */
  isPasswordToSet: z.boolean(),
  isEnrolled: z.boolean(),
  lockedUntil: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
});
export type OperatorRow = z.infer<typeof operatorRowSchema>;

const displayNameSchema = textSchema('INVALID_REQUEST')
  .trim()
  .min(1, { error: 'INVALID_REQUEST' })
  .max(80);
export const newUsernameSchema = textSchema('OPERATOR_USERNAME_INVALID')
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9._-]{3,64}$/, { error: 'OPERATOR_USERNAME_INVALID' });
export const newOperatorPasswordSchema = textSchema('OPERATOR_PASSWORD_WEAK')
  .min(12, { error: 'OPERATOR_PASSWORD_WEAK' })
  .max(200, { error: 'OPERATOR_PASSWORD_WEAK' });

export const adminOperatorsListContract = adminCall('GET', '/api/admin/operators', {
  response: z.object({ rows: z.array(operatorRowSchema) }),
  permission: 'operators.manage',
});

/**
 * A new operator with a one-time password shown once to the owner; at their first sign-in they choose their own password
 * and enrol their authenticator. A new owner stays pending until another owner confirms (when there is one).
 */
export const adminOperatorCreateContract = adminCall('POST', '/api/admin/operators', {
  body: z.strictObject({
    username: newUsernameSchema,
    displayName: displayNameSchema,
    role: roleSchema,
  }),
  response: z.object({ operator: operatorRowSchema, initialPassword: z.string() }),
  permission: 'operators.manage',
  isReauthRequired: true,
});

export const adminOperatorUpdateContract = adminCall('PUT', '/api/admin/operators/:id', {
  params: idParams,
  body: z.strictObject({
    displayName: displayNameSchema.optional(),
    role: roleSchema.optional(),
    status: z.enum(['active', 'disabled'], { error: 'INVALID_REQUEST' }).optional(),
  }),
  response: z.object({ operator: operatorRowSchema }),
  permission: 'operators.manage',
  isReauthRequired: true,
});

/** Another owner confirms a pending owner (not the one who created it, nor an account that one made). */
export const adminOperatorConfirmContract = adminCall('POST', '/api/admin/operators/:id/confirm', {
  params: idParams,
  response: z.object({ operator: operatorRowSchema }),
  permission: 'operators.manage',
  isReauthRequired: true,
});

/** Forgets the operator's authenticator and recovery codes and ends their sessions: they choose a new password and enrol again at sign-in. */
export const adminOperatorResetTwoFactorContract = adminCall(
  'POST',
  '/api/admin/operators/:id/reset-two-factor',
  {
    params: idParams,
    response: okSchema,
    permission: 'operators.manage',
    isReauthRequired: true,
  },
);

export const adminOperatorUnlockContract = adminCall('POST', '/api/admin/operators/:id/unlock', {
  params: idParams,
  response: okSchema,
  permission: 'operators.manage',
});

/** Any operator changes their own password (the current one and a fresh code are asked again). */
export const adminChangePasswordContract = adminCall('POST', '/api/admin/auth/password', {
  body: z.strictObject({
    currentPassword: textSchema('OPERATOR_SIGN_IN_FAILED').min(1).max(200),
    newPassword: newOperatorPasswordSchema,
  }),
  response: okSchema,
  permission: null,
  isReauthRequired: true,
});
