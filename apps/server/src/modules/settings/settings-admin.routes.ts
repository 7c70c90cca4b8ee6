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
import {
  adminCancelSettingChangeContract,
  adminConfirmSettingChangeContract,
  adminPendingSettingChangesContract,
  isGuardedSettingKey,
} from '@mekong/contracts/admin/setting-changes';
import type { AdminContract } from '@mekong/contracts/admin/admin-contract';
import { adminRoute } from '@/lib/admin-route.ts';
import type { ApiRouteTable } from '@/lib/contract-route.ts';
import type {
  SettingSaveBody,
  SettingsAdminService,
} from '@/modules/settings/settings-admin.service.ts';
import type { SettingsCatalogueService } from '@/modules/settings/settings-catalogue.service.ts';
import type { SettingChangesService } from '@/modules/settings/setting-changes.service.ts';

export function registerSettingsAdminRoutes(
  app: FastifyInstance,
  table: ApiRouteTable,
  services: {
    settings: SettingsAdminService;
    catalogue: SettingsCatalogueService;
    changes: SettingChangesService;
  },
) {
  const { settings, catalogue, changes } = services;
  adminRoute(app, table, {
    contract: adminSettingsGetContract,
    handler: async () => {
      // A change past its delay is in effect before anyone reads the settings.
      await changes.applyDue();
      return settings.all();
    },
  });

  const saveRoute = <K extends AdminSettingKey>(key: K) =>
    adminRoute(app, table, {
      contract: adminSettingSaveContracts[key] as AdminContract,
      handler: async ({ body, operator }) => {
        const pending = await settings.save(key, body as SettingSaveBody<K>, operator);
        return isGuardedSettingKey(key)
          ? { message: 'OK' as const, pending }
          : { message: 'OK' as const };
      },
    });
  for (const key of ADMIN_SETTING_KEYS) saveRoute(key);

  adminRoute(app, table, {
    contract: adminPendingSettingChangesContract,
    handler: ({ operator }) => changes.list(operator),
  });
  adminRoute(app, table, {
    contract: adminConfirmSettingChangeContract,
    handler: async ({ params, operator }) => {
      await changes.confirm(params.id, operator);
      return { message: 'OK' as const };
    },
  });
  adminRoute(app, table, {
    contract: adminCancelSettingChangeContract,
    handler: async ({ params, operator }) => {
      await changes.cancel(params.id, operator);
      return { message: 'OK' as const };
    },
  });

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
