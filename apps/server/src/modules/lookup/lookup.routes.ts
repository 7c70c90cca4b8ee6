import type { FastifyInstance } from 'fastify';
import type { Contract } from '@mekong/contracts/contract';
import {
  lookupActive,
  lookupAgreements,
  lookupBanks,
  lookupConditions,
  lookupContact,
  lookupDeposit,
  lookupEnableChatWidget,
  lookupHowto,
  lookupInfo,
  lookupNotice,
  lookupRegisterOtp,
  lookupSlip,
  lookupSources,
  lookupWithdraw,
} from '@mekong/contracts/lookup';
import { contractRoute, type ApiRouteTable } from '@/lib/contract-route.ts';
import type { LookupService } from '@/modules/lookup/lookup.service.ts';

/** Each lookup call, under the name of the service method that answers it (the answer is checked against the contract). */
const lookupCalls = {
  banks: lookupBanks,
  deposit: lookupDeposit,
  conditions: lookupConditions,
  agreements: lookupAgreements,
  info: lookupInfo,
  notice: lookupNotice,
  howto: lookupHowto,
  contact: lookupContact,
  withdraw: lookupWithdraw,
  slip: lookupSlip,
  sources: lookupSources,
  active: lookupActive,
  registerOtp: lookupRegisterOtp,
  enableChatWidget: lookupEnableChatWidget,
} satisfies Record<keyof LookupService, Contract>;

export function registerLookupRoutes(
  app: FastifyInstance,
  routes: ApiRouteTable,
  lookup: LookupService,
) {
  for (const name of Object.keys(lookupCalls) as (keyof LookupService)[]) {
    contractRoute(app, routes, { contract: lookupCalls[name], handler: () => lookup[name]() });
  }
}
