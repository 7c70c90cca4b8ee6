import { z } from 'zod';
import { defineContract, type Contract, type HttpMethod } from '../contract.ts';
import { textSchema } from '../fields.ts';

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

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const okSchema = z.object({ message: z.literal('OK') });
