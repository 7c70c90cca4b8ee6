import type { FastifyInstance } from 'fastify';
import {
  adminChangePasswordContract,
  adminOperatorConfirmContract,
  adminOperatorCreateContract,
  adminOperatorResetTwoFactorContract,
  adminOperatorUnlockContract,
  adminOperatorUpdateContract,
  adminOperatorsListContract,
} from '@mekong/contracts/admin/operators';
import { adminRoute } from '@/lib/admin-route.ts';
import type { ApiRouteTable } from '@/lib/contract-route.ts';
import type { OperatorsAdminService } from '@/modules/operators/operators-admin.service.ts';

const OK = { message: 'OK' as const };

export function registerOperatorsAdminRoutes(
  app: FastifyInstance,
  table: ApiRouteTable,
  operators: OperatorsAdminService,
): void {
  adminRoute(app, table, { contract: adminOperatorsListContract, handler: () => operators.list() });
  adminRoute(app, table, {
    contract: adminOperatorCreateContract,
    handler: ({ body, operator }) => operators.create(operator, body),
  });
  adminRoute(app, table, {
    contract: adminOperatorUpdateContract,
    handler: ({ body, params, operator }) => operators.update(operator, params.id, body),
  });
  adminRoute(app, table, {
    contract: adminOperatorConfirmContract,
    handler: ({ params, operator }) => operators.confirm(operator, params.id),
  });
  adminRoute(app, table, {
    contract: adminOperatorResetTwoFactorContract,
    handler: async ({ params, operator }) => {
      await operators.resetTwoFactor(operator, params.id);
      return OK;
    },
  });
  adminRoute(app, table, {
    contract: adminOperatorUnlockContract,
    handler: async ({ params, operator }) => {
      await operators.unlock(operator, params.id);
      return OK;
    },
  });
  adminRoute(app, table, {
    contract: adminChangePasswordContract,
    handler: async ({ body, operator }) => {
      await operators.changePassword(operator, body.currentPassword, body.newPassword);
      return OK;
    },
  });
}
