import type { FastifyInstance } from 'fastify';
import {
  ADMIN_SETTING_KEYS,
  adminSettingSaveContracts,
  adminSettingsGetContract,
  type AdminSettingKey,
} from '@mekong/contracts/admin/settings';
import {
  adminCreateOperatorAccountContract,
  adminGameProvidersContract,
  adminOperatorAccountsContract,
  adminOrderOperatorAccountsContract,
  adminSetGameProviderContract,
  adminUpdateOperatorAccountContract,
} from '@mekong/contracts/admin/settings-catalogue';
import type { AdminContract } from '@mekong/contracts/admin/admin-contract';
import { adminRoute } from '@/lib/admin-route.ts';
import type { ApiRouteTable } from '@/lib/contract-route.ts';
import type {
  SettingSaveBody,
  SettingsAdminService,
} from '@/modules/settings/settings-admin.service.ts';
import type { SettingsCatalogueService } from '@/modules/settings/settings-catalogue.service.ts';

export function registerSettingsAdminRoutes(
  app: FastifyInstance,
  table: ApiRouteTable,
  services: { settings: SettingsAdminService; catalogue: SettingsCatalogueService },
) {
  const { settings, catalogue } = services;
  adminRoute(app, table, { contract: adminSettingsGetContract, handler: () => settings.all() });

  const saveRoute = <K extends AdminSettingKey>(key: K) =>
    adminRoute(app, table, {
      contract: adminSettingSaveContracts[key] as AdminContract,
      handler: async ({ body, operator }) => {
        await settings.save(key, body as SettingSaveBody<K>, operator);
        return { message: 'OK' as const };
      },
    });
  for (const key of ADMIN_SETTING_KEYS) saveRoute(key);

  adminRoute(app, table, {
    contract: adminOperatorAccountsContract,
    handler: () => catalogue.accounts(),
  });
  adminRoute(app, table, {
    contract: adminCreateOperatorAccountContract,
    handler: ({ body, operator }) => catalogue.createAccount(body, operator),
  });
  adminRoute(app, table, {
    contract: adminUpdateOperatorAccountContract,
    handler: ({ body, params, operator }) => catalogue.updateAccount(params.id, body, operator),
  });
  adminRoute(app, table, {
    contract: adminOrderOperatorAccountsContract,
    handler: ({ body, operator }) => catalogue.orderAccounts(body.ids, operator),
  });
  adminRoute(app, table, {
    contract: adminGameProvidersContract,
    handler: () => catalogue.providers(),
  });
  adminRoute(app, table, {
    contract: adminSetGameProviderContract,
    handler: ({ body, params, operator }) =>
      catalogue.switchProvider(params.code, body.isEnabled, operator),
  });
}
