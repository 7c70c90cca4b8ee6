import type { FastifyInstance } from 'fastify';
import {
  lookupActive,
  lookupAgreements,
  lookupBanks,
  lookupConditions,
  lookupContact,
  lookupDeposit,
  lookupEnableChatWidget,
  lookupInfo,
  lookupNotice,
  lookupRegisterOtp,
  lookupSlip,
  lookupSources,
  lookupWithdraw,
} from '@mekong/contracts/lookup';
import { contractRoute, type ApiRouteTable } from '@/lib/contract-route.ts';
import type { LookupService } from '@/modules/lookup/lookup.service.ts';

export function registerLookupRoutes(
  app: FastifyInstance,
  routes: ApiRouteTable,
  lookup: LookupService,
) {
  contractRoute(app, routes, { contract: lookupBanks, handler: () => lookup.banks() });
  contractRoute(app, routes, { contract: lookupDeposit, handler: () => lookup.deposit() });
  contractRoute(app, routes, { contract: lookupConditions, handler: () => lookup.conditions() });
  contractRoute(app, routes, { contract: lookupAgreements, handler: () => lookup.agreements() });
  contractRoute(app, routes, { contract: lookupInfo, handler: () => lookup.info() });
  contractRoute(app, routes, { contract: lookupNotice, handler: () => lookup.notice() });
  contractRoute(app, routes, { contract: lookupContact, handler: () => lookup.contact() });
  contractRoute(app, routes, { contract: lookupWithdraw, handler: () => lookup.withdraw() });
  contractRoute(app, routes, { contract: lookupSlip, handler: () => lookup.slip() });
  contractRoute(app, routes, { contract: lookupSources, handler: () => lookup.sources() });
  contractRoute(app, routes, { contract: lookupActive, handler: () => lookup.active() });
  contractRoute(app, routes, { contract: lookupRegisterOtp, handler: () => lookup.registerOtp() });
  contractRoute(app, routes, {
    contract: lookupEnableChatWidget,
    handler: () => lookup.enableChatWidget(),
  });
}
