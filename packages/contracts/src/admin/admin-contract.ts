import { z } from 'zod';
import { defineContract, type Contract, type HttpMethod } from '../contract.ts';
import { textSchema, wholeNumberSchema } from '../fields.ts';

/** What an operator may do (docs/decisions/0014-back-office.md#roles); the matrix of roles lives in permissions.ts. */
export const permissionSchema = z.enum([
  'queues.read',
  'withdrawals.decide',
  'deposits.decide',
  'members.read',
  'members.manage',
  'members.adjust',
  'settings.read',
  'settings.money',
  'settings.promotions',
  'settings.content',
  'settings.system',
  'reports.read',
  'audit.read',
  'operators.manage',
  'chat.read',
  'chat.answer',
]);
export type Permission = z.infer<typeof permissionSchema>;

export const roleSchema = z.enum(['owner', 'finance', 'support', 'marketing', 'auditor'], {
  error: 'INVALID_REQUEST',
});
export type Role = z.infer<typeof roleSchema>;

/** A call of the back-office API (`/api/admin/...`): only an operator session may make it, with `permission`. */
export type AdminContract<
  TBody extends z.ZodType | undefined = z.ZodType | undefined,
  TResponse extends z.ZodType = z.ZodType,
  TParams extends z.ZodType | undefined = z.ZodType | undefined,
> = Contract<TBody, TResponse, TParams> & {
  permission: Permission | null;
  /** Money decisions ask for a fresh re-authentication (docs/decisions/0014-back-office.md#re-authentication). */
  isReauthRequired: boolean;
};

export function adminCall<
  TResponse extends z.ZodType,
  TBody extends z.ZodType | undefined = undefined,
  TParams extends z.ZodType | undefined = undefined,
>(
  method: HttpMethod,
  path: `/api/admin/${string}`,
  parts: {
    response: TResponse;
    body?: TBody;
    params?: TParams;
    /** null: any signed-in operator (their own profile, sign-out). */
    permission: Permission | null;
    isReauthRequired?: boolean;
  },
): AdminContract<TBody, TResponse, TParams> {
  return {
    ...defineContract({
      method,
      path,
      response: parts.response,
      body: parts.body,
      params: parts.params,
    }),
    permission: parts.permission,
    isReauthRequired: parts.isReauthRequired ?? false,
  };
}

/** The reason an operator types for a money decision: required, trimmed, one line. */
export const reasonSchema = textSchema('REASON_REQUIRED')
  .trim()
  .min(3, { error: 'REASON_REQUIRED' })
  .max(500, { error: 'REASON_REQUIRED' });

/** A uuid path parameter of the back office; anything else is ITEM_NOT_FOUND, never a database error. */
export const idParams = z.object({ id: z.uuid({ error: 'ITEM_NOT_FOUND' }) });

/** A decision that asks only for the operator's reason. */
export const reasonBody = z.strictObject({ reason: reasonSchema });
/** An action whose reason the operator may leave out. */
export const optionalReasonBody = z.strictObject({ reason: reasonSchema.optional() });

export const okSchema = z.object({ message: z.literal('OK') });

/** A free-text filter of a back-office list (a phone, a reference, an action): optional, trimmed, one line. */
export const filterTextSchema = textSchema('INVALID_REQUEST').trim().max(100).optional();

/** A bound of a list's time filter: an ISO date-time with its offset. */
export const filterTimeSchema = z.iso
  .datetime({ offset: true, error: 'INVALID_REQUEST' })
  .optional();

/** The page a back-office list body asks for; anything out of range is INVALID_REQUEST. */
export function pageFields(defaultLimit = 20) {
  return {
    page: wholeNumberSchema('INVALID_REQUEST', 1, 100_000).default(1),
    limit: wholeNumberSchema('INVALID_REQUEST', 1, 100).default(defaultLimit),
  };
}

/** One page of a back-office list: its rows and the total of rows that match. */
export function pageOf<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), total: z.number() });
}
