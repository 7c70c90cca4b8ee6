import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AdminContract } from '@mekong/contracts/admin/admin-contract';
import type { ResponseOf } from '@mekong/contracts/contract';
import { AppError } from '@/lib/app-error.ts';
import { bearerOf } from '@/lib/bearer.ts';
import { contractRoute, type ApiRouteTable, type RouteInput } from '@/lib/contract-route.ts';
import type { OperatorContext } from '@/modules/operators/operator-auth.service.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyRequest {
    operator: OperatorContext | null;
  }
}

type BodyOutput<S> = S extends z.ZodType ? z.output<S> : undefined;
type ParamsOutput<C extends AdminContract> = C['params'] extends z.ZodType
  ? z.output<C['params']>
  : undefined;

/** The signed-in operator of a back-office call. */
export function operatorOf(request: FastifyRequest): OperatorContext {
  if (!request.operator) throw new AppError('UNAUTHORIZED');
  return request.operator;
}

/**
 * Registers one back-office call: an operator session (never a member's), the contract's permission from the one
 * matrix, and a fresh re-authentication for money decisions, all checked before the body is read
 * (docs/decisions/0014-back-office.md#permissions).
 */
export function adminRoute<C extends AdminContract>(
  app: FastifyInstance,
  table: ApiRouteTable,
  options: {
    contract: C;
    handler: (
      input: RouteInput<BodyOutput<C['body']>, ParamsOutput<C>> & { operator: OperatorContext },
    ) => Promise<ResponseOf<C>>;
  },
): void {
  const { contract } = options;
  contractRoute(app, table, {
    contract,
    onRequest: async (request) => {
      const operator = await app.operatorAuth.authenticate(bearerOf(request), request.ip);
      if (contract.permission && !operator.permissions.includes(contract.permission))
        throw new AppError('OPERATOR_FORBIDDEN');
      if (contract.isReauthRequired && !app.operatorAuth.reauthValidUntil(operator))
        throw new AppError('OPERATOR_REAUTH_REQUIRED');
      request.operator = operator;
    },
    handler: (input) => options.handler({ ...input, operator: operatorOf(input.request) }),
  });
}
